/**
 * The fraud checks (engine/fraud) over a world file or a profile account: each message with the
 * receiving server's verdict on its sender, against the person's contacts and own addresses.
 */
import { fraudFindings, type FraudContext, type FraudFinding } from '../../engine/fraud';
import type { Email, WorldState } from '../../engine/world';
import { senderCheck } from '../mail/parse';
import { accountConfig } from '../profile/world-io';
import type { Profile } from '../profile/profile';
import type { Account, StoredMessage } from '../store/repositories';

export type Findings = (id: string) => FraudFinding[];

/** A world file states who sent each mail: `authenticated: false` is a forged sender, absent passed. */
export function worldFindings(world: WorldState): Findings {
  const ctx: FraudContext = {
    contacts: world.contacts,
    user: { name: world.user.name, addresses: world.userAddresses },
  };
  const byId = new Map<string, Email>(world.emails.map((e) => [e.id, e]));
  return (id) => {
    const e = byId.get(id);
    return e
      ? fraudFindings({ ...e, replyTo: e.replyTo ?? null, auth: e.authenticated === false ? 'fail' : 'pass' }, ctx)
      : [];
  };
}

/** A profile account's mail, with the verdicts of the servers the account trusts. */
export function messageFindings(p: Profile, account: Account): (m: StoredMessage) => FraudFinding[] {
  const ctx: FraudContext = {
    contacts: p.repos.contacts.list(account.id),
    user: { name: account.userName, addresses: account.addresses },
  };
  const authserv = accountConfig(account).authserv ?? [];
  return (m) => fraudFindings({ ...m, auth: senderCheck(m.auth, authserv) }, ctx);
}
