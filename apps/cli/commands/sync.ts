/**
 * `zamburak sync [--account NAME]`: one sync pass of the real accounts — mail, then the CalDAV
 * calendar of accounts that have one. Exit 1 if any failed.
 */
import { AccountError, syncAccounts } from '../../../main/accounts/accounts';
import { leftOutLine, syncCalendars } from '../../../main/accounts/calendars';
import { InputError, str, UsageError, type Parsed } from '../args';
import { withProfile } from '../profile-arg';
import type { Command } from './types';
import { syncSpec } from './specs';

async function sync(p: Parsed): Promise<number> {
  if (p.positional.length) throw new UsageError('sync takes no arguments (use --account NAME)');
  const account = str(p, '--account');
  return withProfile(p, async (profile) => {
    let results;
    let calendars: Awaited<ReturnType<typeof syncCalendars>>;
    try {
      const mail = await syncAccounts(profile, account ? { account } : {});
      calendars = await syncCalendars(profile, account ? { account } : {});
      results = mail.map((r) => {
        const cal = calendars.find((c) => c.account === r.account);
        return cal ? { ...r, calendar: cal.result ?? { error: cal.error } } : r;
      });
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
    for (const c of calendars) {
      if (c.error) process.stderr.write(`zamburak sync: ${c.account} calendar: ${c.error.kind}: ${c.error.message}\n`);
      else if (c.result && !p.flags.has('--json'))
        process.stdout.write(
          `${c.account} calendar: ${c.result.unchanged ? 'unchanged' : `${c.result.added} new, ${c.result.updated} changed, ${c.result.removed} removed`}\n`,
        );
      for (const e of c.result?.errors ?? [])
        process.stderr.write(`zamburak sync: ${c.account} calendar: ${e.href} was not stored: ${e.message}\n`);
      for (const l of c.result?.attendeesLeftOut ?? [])
        process.stderr.write(`zamburak sync: ${c.account} calendar: ${leftOutLine(l)}\n`);
    }
    return results.some((r) => r.error) || calendars.some((c) => c.error) ? 1 : 0;
  });
}

export const syncCommand: Command = {
  ...syncSpec,
  run: sync,
};
