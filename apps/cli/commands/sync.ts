/** `zamburak sync [--account NAME]`: one sync pass of the real accounts. Exit 1 if any failed. */
import { AccountError, syncAccounts } from '../../../main/accounts/accounts';
import { InputError, str, UsageError, type Parsed } from '../args';
import { PROFILE_FLAGS, withProfile } from '../profile-arg';
import type { Command } from './types';

async function sync(p: Parsed): Promise<number> {
  if (p.positional.length) throw new UsageError('sync takes no arguments (use --account NAME)');
  const account = str(p, '--account');
  return withProfile(p, async (profile) => {
    let results;
    try {
      results = await syncAccounts(profile, account ? { account } : {});
    } catch (e) {
      if (e instanceof AccountError) throw new InputError(`zamburak sync: ${e.message}`);
      throw e;
    }
    if (p.flags.has('--json')) process.stdout.write(JSON.stringify(results) + '\n');
    else if (results.length === 0) process.stdout.write('No IMAP accounts to sync (zamburak account add adds one).\n');
    for (const r of results) {
      if (r.error) process.stderr.write(`zamburak sync: ${r.account}: ${r.error.kind}: ${r.error.message}\n`);
      else if (r.report && !p.flags.has('--json')) {
        const f = r.report.folders;
        const sum = (k: 'added' | 'removed' | 'flagsChanged' | 'parseErrors') => f.reduce((n, x) => n + x[k], 0);
        process.stdout.write(
          `${r.account}: ${f.length} folders, ${sum('added')} new, ${sum('removed')} removed, ` +
            `${sum('flagsChanged')} flag changes${sum('parseErrors') ? `, ${sum('parseErrors')} unreadable (kept)` : ''}\n`,
        );
      }
    }
    return results.some((r) => r.error) ? 1 : 0;
  });
}

export const syncCommand: Command = {
  name: 'sync',
  help: `  zamburak sync [--account NAME] [--json] [--profile DIR]
      One sync pass of the IMAP accounts (new mail, deletions, read/unread). Exit 1 if one failed.`,
  valueFlags: [...PROFILE_FLAGS, '--account'],
  boolFlags: ['--json'],
  run: sync,
};
