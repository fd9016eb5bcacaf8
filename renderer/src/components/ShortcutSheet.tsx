/** The shortcut sheet (`?`): every action has a key. */
import { useEffect, useRef } from 'react';
import { useKeys } from '../keys';

const KEYS: readonly [string, string][] = [
  ['j / k', 'next / previous (Inbox, Review, Audit)'],
  ['Enter', 'open'],
  ['c', 'compose (Inbox)'],
  ['r', 'reply (Inbox) · reject (Review)'],
  ['a', 'reply all (Inbox) · approve (Review)'],
  ['f', 'forward (Inbox)'],
  ['Ctrl+Enter · Escape', 'send · close (kept) while writing'],
  ['e', 'archive (Inbox) · edit the text (Review)'],
  ['x', 'select the open conversation; e, v, u, Shift+I then act on every selected one (Inbox)'],
  ['v', 'move to a folder (Inbox)'],
  ['u · Shift+I', 'mark unread · mark read (Inbox)'],
  ['/', 'search: words, "a phrase", from: to: subject: is:unread is:starred has:attachment in: before: after:'],
  ['z or Ctrl+Z', 'undo'],
  ['g i · g r · g k · g a · g s', 'Inbox · Review · Ask · Audit · Settings'],
  ['?', 'this sheet'],
];

export function ShortcutSheet({ onClose }: { onClose: () => void }) {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);
  // Its own keys, registered last so they come first: the Inbox's Escape (clear the selection)
  // must not leave the sheet open over it.
  useKeys({ Escape: onClose, '?': onClose });
  return (
    <div className="overlay" role="dialog" aria-modal="true" aria-labelledby="sheet-title" onClick={onClose}>
      <div className="sheet" onClick={(e) => e.stopPropagation()}>
        <h2 id="sheet-title">Keyboard shortcuts</h2>
        <table>
          <tbody>
            {KEYS.map(([k, v]) => (
              <tr key={k}>
                <th scope="row">
                  <kbd>{k}</kbd>
                </th>
                <td>{v}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <button type="button" ref={close} onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
