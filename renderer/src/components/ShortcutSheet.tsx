/** The shortcut sheet (`?`): every action has a key. */
import { useEffect, useRef } from 'react';

const KEYS: readonly [string, string][] = [
  ['j / k', 'next / previous'],
  ['Enter', 'open'],
  ['e', 'archive (Inbox) · edit the text (Review)'],
  ['r', 'reply draft (Inbox) · reject (Review)'],
  ['a', 'approve (Review)'],
  ['v', 'move to a folder (Inbox)'],
  ['u', 'mark unread (Inbox)'],
  ['/', 'search'],
  ['z or Ctrl+Z', 'undo'],
  ['g i · g r · g k · g a · g s', 'Inbox · Review · Ask · Audit · Settings'],
  ['?', 'this sheet'],
];

export function ShortcutSheet({ onClose }: { onClose: () => void }) {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);
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
