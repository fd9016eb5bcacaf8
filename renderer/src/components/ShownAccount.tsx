/**
 * Which account's mail the person is looking at, said where it always shows: the rail's foot
 * names it and the banner says when it is the demo account's. It follows the account switcher
 * (the Inbox's, which Ask and Triage follow too), not the profile's primary account: after a real
 * account is added, the demo mail is still named as demo when it is the one selected.
 */
import type { AccountView } from '../../../preload/contract';
import { accountName } from '../format';
import { useApp } from '../store';

/** The account selected (the only one when the profile has one); null for every account's mail. */
function useShownAccount(): { shown: AccountView | null; all: readonly AccountView[] } {
  const { accounts, mailbox } = useApp();
  const shown =
    mailbox.account !== null
      ? (accounts.find((a) => a.id === mailbox.account) ?? null)
      : accounts.length === 1
        ? accounts[0]!
        : null;
  return { shown, all: accounts };
}

/** The rail's foot: the selected account, or that every account's mail is shown. */
export function RailAccount() {
  const { shown, all } = useShownAccount();
  const text = all.length === 0 ? '…' : shown ? `${accountName(shown)} · ${shown.email}` : `All ${all.length} accounts`;
  return (
    <div className="account" title={shown?.email ?? all.map((a) => a.email).join(', ')}>
      {text}
    </div>
  );
}

/**
 * Above every screen while the demo account's mail is the mail shown: nothing it sends leaves.
 * (Every account's mail together labels each demo row instead.) While it is the only account, a
 * newcomer is also told where their own mail comes in: nothing else on the first screen says so.
 */
export function DemoBanner() {
  const { shown, all } = useShownAccount();
  if (!shown?.demo) return null;
  return (
    <div className="banner" role="note">
      Demo account — nothing leaves this computer.
      {all.length === 1 && (
        <>
          {' '}
          To read your own mail, <a href="#/settings">add your account in Settings</a>.
        </>
      )}
    </div>
  );
}
