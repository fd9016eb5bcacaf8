/** `--profile DIR` (or ZAMBURAK_PROFILE, or the OS default) opened for a command. */
import { basename, dirname } from 'node:path';
import { openProfile, type Profile } from '../../main/profile/profile';
import { resolveProfileDir } from '../../main/profile/paths';
import { StoreError } from '../../main/store';
import { InputError, str, type Parsed } from './args';

export function openProfileArg(p: Parsed, o: { create?: boolean } = {}): Profile {
  const db = str(p, '--db');
  // `--db FILE` names the database itself; its profile is the folder around it.
  const dir =
    db && basename(db) === 'zamburak.db' ? dirname(db) : db ? dirname(db) : resolveProfileDir(str(p, '--profile'));
  try {
    const profile = openProfile(dir, { create: o.create ?? true });
    if (profile.created) process.stderr.write(`Created a new profile with the demo account in ${dir}\n`);
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
    const { AccountError } = await import('../../main/accounts/accounts');
    if (e instanceof AccountError) throw new InputError(`zamburak: ${e.message}`);
    throw e;
  } finally {
    profile.close();
  }
}
