/**
 * A world that holds only mail for Alice (alice@example.test): what the listing, membership and
 * extreme-mailbox tests and the listing bench generate their mailboxes into.
 */
import type { Email, World } from '../../../engine/world';

export function mailWorld(emails: Email[], o: { trash?: Email[]; now?: string } = {}): World {
  return {
    user: { name: 'Alice', email: 'alice@example.test', addresses: [] },
    now: o.now ?? '2027-01-01T00:00:00Z',
    contacts: [],
    emails,
    trash: o.trash ?? [],
    events: [],
    allowlists: { recipients: [], urls: [] },
    freeBusy: [],
    sent: [],
    drafts: [],
    responses: [],
    changes: [],
    transcript: [],
  };
}
