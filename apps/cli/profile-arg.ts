/** `--profile DIR` (or ZAMBURAK_PROFILE, or the OS default) opened for a command. */
import { basename, dirname, resolve } from 'node:path';
import { openProfile, type Profile } from '../../main/profile/profile';
import { profileFiles, resolveProfileDir } from '../../main/profile/paths';
import { StoreError } from '../../main/store';
import type { Account } from '../../main/store/repositories';
import { PausedError } from '../../main/runs/paused';
import { InputError, Refused, str, UsageError, type Parsed } from './args';

const DATABASE_FILE = basename(profileFiles('.').database);

/**
 * The profile folder a command names: `--db FILE` (the folder around it: the keys that check the
 * database are beside it), `--profile DIR`, the default. A `--db` with another file name would
 * be answered from the folder's `zamburak.db`, not the file named: refused.
 */
export function profileDirArg(p: Parsed): string {
  const db = str(p, '--db');
  if (db !== undefined && basename(db) !== DATABASE_FILE)
    throw new UsageError(
      `--db names a profile's ${DATABASE_FILE} (its keys are in the same folder), not ${JSON.stringify(basename(db))}; or use --profile DIR`,
    );
  return db ? resolve(dirname(db)) : resolveProfileDir(str(p, '--profile'));
}

/**
 * The profile, made when it does not exist yet (unless `create: false`); a command that made it
 * says so on stderr, except `init`, whose whole answer that is (`announce: false`).
 */
export function openProfileArg(p: Parsed, o: { create?: boolean; announce?: boolean } = {}): Profile {
  const dir = profileDirArg(p);
  try {
    const profile = openProfile(dir, { create: o.create ?? true });
    if (profile.created && o.announce !== false)
      process.stderr.write(`Created a new profile with the demo account in ${dir}\n`);
    return profile;
  } catch (e) {
    if (e instanceof StoreError) throw new InputError(`zamburak: ${e.message}`);
    throw e;
  }
}

/**
 * Runs `f` with the profile open and closes it whatever happens. An account the command needed
 * and could not use (a plan reading mail whose bodies its unreachable server still holds) is the
 * person's to act on, said as such; the accounts module is loaded only then.
 */
export async function withProfile<T>(
  p: Parsed,
  f: (profile: Profile) => Promise<T> | T,
  o?: { create?: boolean },
): Promise<T> {
  const profile = openProfileArg(p, o);
  try {
    return await f(profile);
  } catch (e) {
    if (e instanceof PausedError) throw new Refused(e.message, 'Paused');
    const { AccountError } = await import('../../main/accounts/accounts');
    if (e instanceof AccountError) throw new InputError(`zamburak: ${e.message}`);
    throw e;
  } finally {
    profile.close();
  }
}

/**
 * `--account NAME`: the account a command reads and acts from, as the app's account switcher
 * chooses it for Ask and Triage; without it, the profile's primary account. A name that is not
 * one of the profile's accounts is refused, never replaced by another account.
 */
export function accountArg(p: Parsed, profile: Profile): Account {
  const name = str(p, '--account');
  if (name === undefined) return profile.primaryAccount();
  const account = profile.repos.accounts.byName(name);
  if (account) return account;
  const names = profile.repos.accounts.list().map((a) => a.name);
  throw new UsageError(`--account: no account named ${JSON.stringify(name)}; this profile has ${names.join(', ')}`);
}

/** `--account` names an account of a profile; a world file is one account already. */
export function noAccountWithWorld(p: Parsed): void {
  if (str(p, '--world') !== undefined && str(p, '--account') !== undefined)
    throw new UsageError('--account chooses an account of a profile; it cannot be used with --world');
}
