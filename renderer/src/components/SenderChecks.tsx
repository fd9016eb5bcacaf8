/**
 * A mail account's sender checks (main/mail/verdict-trust.ts): the receiving server whose
 * Authentication-Results verdicts count, and whether it adds one to every message. Said in the
 * account's row of Settings → Accounts and changed there (`accounts.setSenderChecks`); the
 * "every message" box and its risk sentence are the ones the form to add an account shows.
 */
import { useState } from 'react';
import { SenderChecksInput, type AccountView } from '../../../preload/contract';
import { api, errorText } from '../api';
import { useApp } from '../store';

/** The risk of "every message", in one sentence a person can weigh. */
export const EVERY_MESSAGE_RISK =
  'Only turn this on if your server checks every message without exception: otherwise a stranger could forge a check and pass as someone you know.';

/** The "my server checks every message" box, with what it does and its risk beneath. */
export function EveryMessageBox(props: { id: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <>
      <label>
        <input
          type="checkbox"
          checked={props.checked}
          onChange={(e) => props.onChange(e.target.checked)}
          aria-describedby={props.id}
        />{' '}
        My mail server checks every message it receives (adds its own sender check to each)
      </label>
      <p className="note" id={props.id}>
        Its check then counts where Gmail puts it, just below your server’s own arrival line. {EVERY_MESSAGE_RISK}
      </p>
    </>
  );
}

/** What the row says: whose checks count, and whether every message is checked. */
export function senderChecksWords(a: Pick<AccountView, 'authserv' | 'authservEveryMessage'>): string {
  const ids = a.authserv ?? [];
  if (!ids.length) return 'No server is named to check senders, so no sender is shown as verified.';
  const by = ids.join(', ');
  return a.authservEveryMessage
    ? `Senders are checked by ${by}, which checks every message.`
    : `Senders are checked by ${by} (a check counts only above your server’s arrival line).`;
}

/** The row's line about sender checks, with a button that opens a small form to change them. */
export function SenderChecks({ account, onSaved }: { account: AccountView; onSaved: () => unknown }) {
  const [open, setOpen] = useState(false);
  const [ids, setIds] = useState('');
  const [every, setEvery] = useState(false);
  const [error, setError] = useState('');
  const setStatus = useApp((s) => s.setStatus);
  const start = () => {
    setIds((account.authserv ?? []).join(', '));
    setEvery(account.authservEveryMessage === true);
    setError('');
    setOpen(true);
  };
  const save = async () => {
    const authserv = ids
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    const input = { name: account.name, authserv, authservEveryMessage: authserv.length > 0 && every };
    if (!SenderChecksInput.safeParse(input).success) {
      setError('Enter server names separated by commas (at most 10), such as mx.example.com, or leave it empty.');
      return;
    }
    try {
      await api.accounts.setSenderChecks(input);
      setOpen(false);
      setStatus({ text: `Sender checks of ${account.name} saved.`, tone: 'ok' });
      await onSaved();
    } catch (e) {
      setError(errorText(e));
    }
  };
  const formId = `sender-checks-${account.id}`;
  return (
    <div className="sender-checks">
      <span>{senderChecksWords(account)}</span>{' '}
      {!open && (
        <button type="button" onClick={start} aria-label={`Change the sender checks of ${account.name}`}>
          Change…
        </button>
      )}
      {open && (
        <form
          className="form-grid"
          aria-label={`Sender checks of ${account.name}`}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <div>
            <label>
              Your mail server’s name in the Authentication-Results header, such as mx.example.com (empty: no sender
              counts as verified)
              <input
                value={ids}
                autoComplete="off"
                onChange={(e) => {
                  setIds(e.target.value);
                  setError('');
                }}
                {...(error ? { 'aria-invalid': true, 'aria-describedby': `${formId}-error` } : {})}
              />
            </label>
            {error && (
              <p className="field-error" id={`${formId}-error`} role="alert">
                {error}
              </p>
            )}
          </div>
          {ids.trim() && <EveryMessageBox id={`${formId}-help`} checked={every} onChange={setEvery} />}
          <div className="actions">
            <button type="submit" className="approve">
              Save sender checks
            </button>
            <button type="button" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
