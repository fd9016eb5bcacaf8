/**
 * The account a person has selected (the Inbox's switcher, which Ask and Triage follow): its id
 * names one of the profile's accounts, or none was chosen (undefined: every account, or the
 * primary one where a single account is needed). An id that names nothing is refused, never
 * quietly replaced by another account.
 */
import type { Profile } from '../profile/profile';
import type { Account } from '../store/repositories';
import { ServiceError } from './router';

export function chosenAccount(p: Profile, id: string | undefined): Account | undefined {
  if (id === undefined) return undefined;
  const account = p.repos.accounts.get(id);
  if (!account) throw new ServiceError('not-found', `no account ${id}: choose one of the accounts in Settings`);
  return account;
}
