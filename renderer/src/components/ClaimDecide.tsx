/**
 * The card's decisions. A routine claim: Approve (`a`) on the right, Reject, Edit and "always
 * allow" beside it. A high-risk claim never shows that button in that place: the person first
 * clicks each recipient they expect (or, with no recipients, ticks that they checked each
 * field), and only then does "Approve this high-risk action" appear, on the left; Reject takes
 * the right. `a` only moves focus to the first recipient to confirm.
 */
import { useRef, useState } from 'react';
import type { ClaimView } from '../../../preload/contract';
import { useKeys } from '../keys';

export interface DecideActions {
  approve(): Promise<void>;
  startReject(): void;
  startEdit(): void;
  alwaysAllow(): void;
}

export function ClaimDecide({
  c,
  canEdit,
  focusReject,
  act,
}: {
  c: ClaimView;
  canEdit: boolean;
  /** The cursor starts on Reject: the person came back from the reject form without rejecting. */
  focusReject: boolean;
  act: DecideActions;
}) {
  const high = c.risk === 'high';
  const [confirmed, setConfirmed] = useState<ReadonlySet<string>>(new Set());
  const [checked, setChecked] = useState(false);
  const first = useRef<HTMLButtonElement | HTMLInputElement | null>(null);
  const ready = c.recipients.length ? c.recipients.every((r) => confirmed.has(r)) : checked;
  useKeys({
    a: () => (high ? first.current?.focus() : void act.approve()),
    r: () => act.startReject(),
    e: () => canEdit && act.startEdit(),
  });
  const secondary = (
    <>
      {canEdit && (
        <button type="button" onClick={act.startEdit}>
          Edit… (e)
        </button>
      )}
      {/* Offered only where it could be narrow: recipients, none of them one an email chose. */}
      {c.recipients.length > 0 && c.unsafeRecipients.length === 0 && (
        <button type="button" className="link" onClick={act.alwaysAllow}>
          Approve and always allow…
        </button>
      )}
    </>
  );
  if (!high)
    return (
      <div className="decide" role="group" aria-label="Decide">
        <button type="button" className="reject" autoFocus={focusReject} onClick={act.startReject}>
          Reject… (r)
        </button>
        {secondary}
        <button type="button" className="approve" onClick={() => void act.approve()}>
          Approve (a)
        </button>
      </div>
    );
  const unsafe = new Map(c.unsafeRecipients.map((u) => [u.address, u.why]));
  return (
    <div className="decide deliberate" role="group" aria-label="Decide a high-risk action">
      <div className="confirm">
        {c.recipients.length ? (
          <>
            <span>High risk. To approve, click each recipient you expect:</span>
            {c.recipients.map((r, i) => (
              <button
                key={r}
                type="button"
                ref={i === 0 ? (el) => void (first.current = el) : undefined}
                className={`confirm-recipient ${unsafe.has(r) ? 'unsafe' : ''}`}
                aria-pressed={confirmed.has(r)}
                title={unsafe.get(r)}
                onClick={() => setConfirmed((s) => new Set([...s, r]))}
              >
                {confirmed.has(r) ? '✓ ' : ''}
                {r}
              </button>
            ))}
          </>
        ) : (
          <label className="check">
            <input
              type="checkbox"
              ref={(el) => void (first.current = el)}
              checked={checked}
              onChange={(e) => setChecked(e.target.checked)}
            />
            High risk: I checked where each field came from
          </label>
        )}
      </div>
      <div className="actions">
        {ready && (
          <button type="button" className="approve danger" onClick={() => void act.approve()}>
            Approve this high-risk action
          </button>
        )}
        {secondary}
        <button type="button" className="reject primary-safe" autoFocus={focusReject} onClick={act.startReject}>
          Reject… (r)
        </button>
      </div>
    </div>
  );
}
