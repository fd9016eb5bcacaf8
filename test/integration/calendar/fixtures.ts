/**
 * The account the calendar suites act on: a fresh profile with one account whose calendar is a
 * real Radicale's (`work`) and whose mail goes out through an SMTP capture on loopback. The IMAP
 * server is not used (calendar actions need only CalDAV and SMTP), so it names port 1. For one
 * `describe`, the same with a second client on the calendar; and the steps from a plan to what it
 * committed, in strict mode, as a person approving in Review takes them.
 */
import { afterAll, beforeAll } from 'vitest';
import { addAccount } from '../../../main/accounts/accounts';
import { CalDavClient } from '../../../main/calendar/caldav';
import type { ClaimRow } from '../../../main/claims/claim-store';
import type { Profile } from '../../../main/profile/profile';
import { runOnProfile, type ProfileRunRequest } from '../../../main/runs/run-on-profile';
import { ClaimsService } from '../../../main/services/claims-service';
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
  // A set-up that fails half way stops what it started: a server left running outlives the suite.
  const smtp = await startSmtpCapture().catch(async (e: unknown) => {
    await dav.stop();
    throw e;
  });
  const stopServers = async () => {
    await smtp.stop();
    await dav.stop();
  };
  try {
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
        await stopServers();
      },
    };
  } catch (e) {
    await stopServers();
    throw e;
  }
}

/**
 * For one `describe`: the account (`calendarAccount`), filled in before its tests and stopped after
 * them, and `other`, a second CalDAV client on the same calendar (the attacker's, or another
 * person's calendar app), which writes and reads the server behind the app's back.
 */
export function calendarAccountPerSuite(): CalendarAccount & { readonly other: CalDavClient } {
  const at = {} as CalendarAccount & { other: CalDavClient };
  beforeAll(async () => {
    const a = await calendarAccount();
    Object.assign(at, a, { other: new CalDavClient({ url: a.url, user: a.dav.user, password: a.dav.password }) });
  }, 60_000);
  afterAll(() => at.stop?.());
  return at;
}

/**
 * An event as another calendar client (the attacker's) writes it: one VEVENT from 15:00 to 16:00
 * UTC on `day` (`20260420`), with its organiser's and attendees' lines as given.
 */
export const writtenEvent = (e: {
  uid: string;
  title: string;
  day: string;
  organizer: string;
  attendeeLines: readonly string[];
}): string =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//attacker//EN',
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    'DTSTAMP:20260301T000000Z',
    `DTSTART:${e.day}T150000Z`,
    `DTEND:${e.day}T160000Z`,
    `SUMMARY:${e.title}`,
    `ORGANIZER:mailto:${e.organizer}`,
    ...e.attendeeLines,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

/** Runs a plan on the account in strict mode; `claim` is the claim the run made, if it made one. */
export async function runStrict(at: CalendarAccount, plan: string, input?: ProfileRunRequest['input']) {
  const r = await runOnProfile(at.p, { plan, ...(input ? { input } : {}), accountId: at.account.id, mode: 'strict' });
  return { ...r, claim: at.p.claims.list({ limit: 100 }).find((c) => c.runId === r.runId) };
}

/**
 * Approves a claim the gate left pending (one it allowed is approved already), with no undo
 * window, and commits what is due.
 */
export async function approveAndCommit(at: CalendarAccount, claim: ClaimRow) {
  const svc = new ClaimsService(at.p);
  if (at.p.claims.get(claim.id).state === 'pending')
    svc.approve(claim.id, { by: 'test', expectedHash: claim.contentHash, undoWindowMs: 0 });
  return svc.commitDue();
}
