/**
 * The account the calendar suites act on: a fresh profile with one account whose calendar is a
 * real Radicale's (`work`) and whose mail goes out through an SMTP capture on loopback. The IMAP
 * server is not used (calendar actions need only CalDAV and SMTP), so it names port 1.
 */
import { addAccount } from '../../../main/accounts/accounts';
import type { Profile } from '../../../main/profile/profile';
import type { Account } from '../../../main/store/repositories';
import { freshProfile } from '../mail/fixtures';
import { startRadicale, type RadicaleServer } from '../servers/radicale';
import { startSmtpCapture, type SmtpCapture } from '../servers/smtp';

export interface CalendarAccount {
  readonly dav: RadicaleServer;
  readonly smtp: SmtpCapture;
  /** The `work` calendar's URL on the server. */
  readonly url: string;
  readonly p: Profile;
  readonly account: Account;
  /** Closes the profile and stops both servers. */
  readonly stop: () => Promise<void>;
}

export async function calendarAccount(): Promise<CalendarAccount> {
  const dav = await startRadicale();
  const smtp = await startSmtpCapture();
  const url = await dav.makeCalendar('work');
  const p = freshProfile();
  const account = await addAccount(p, {
    name: 'work',
    email: 'maya@acme.test',
    imap: { host: '127.0.0.1', port: 1, security: 'plain', user: dav.user },
    password: dav.password,
    smtp: { host: '127.0.0.1', port: smtp.port },
    caldav: url,
  });
  return {
    dav,
    smtp,
    url,
    p,
    account,
    stop: async () => {
      p.close();
      await smtp.stop();
      await dav.stop();
    },
  };
}
