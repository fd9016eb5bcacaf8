/**
 * The CalDAV calendars of real accounts (an account added with a CalDAV URL): one sync pass of
 * each, the same user name and password as the account's mail. A failing calendar does not
 * stop the others; its error says what is wrong.
 */
import { CalDavClient, CalDavError } from '../calendar/caldav';
import { CalendarAccount, type AttendeesLeftOut, type SyncResult } from '../calendar/calendar-sync';
import { OAuthError } from '../oauth/errors';
import type { Profile } from '../profile/profile';
import type { Account } from '../store/repositories';
import { accountCredential, AccountError, imapConfig } from './accounts';

export interface CalendarSync {
  readonly account: string;
  readonly result?: SyncResult;
  readonly error?: { kind: string; message: string };
}

/** What a sync says of an event it stored without some attendees (the CLI and the app's log). */
export const leftOutLine = (l: AttendeesLeftOut): string =>
  `event ${JSON.stringify(l.title)} (${l.href}): ${l.attendees.length === 1 ? 'the attendee' : 'the attendees'} ` +
  `${l.attendees.map((a) => JSON.stringify(a)).join(', ')} ${l.attendees.length === 1 ? 'is' : 'are'} not one email address; ` +
  'left out of what plans see, and the event is not changed from here';

export async function calendarOf(p: Profile, a: Account): Promise<CalendarAccount | null> {
  const c = imapConfig(a);
  if (!c.caldav) return null;
  const password = await accountCredential(p, a);
  return new CalendarAccount(p, a.id, new CalDavClient({ url: c.caldav, user: c.imap.user, password }), c.caldav);
}

export async function syncCalendars(p: Profile, o: { account?: string } = {}): Promise<CalendarSync[]> {
  const out: CalendarSync[] = [];
  for (const a of p.repos.accounts.list()) {
    if (a.transport !== 'imap' || (o.account && a.name !== o.account)) continue;
    try {
      const cal = await calendarOf(p, a);
      if (cal) out.push({ account: a.name, result: await cal.sync() });
    } catch (e) {
      if (!(e instanceof CalDavError || e instanceof AccountError || e instanceof OAuthError)) throw e;
      out.push({
        account: a.name,
        error: { kind: e instanceof AccountError ? 'account' : e.kind, message: e.message },
      });
    }
  }
  return out;
}
