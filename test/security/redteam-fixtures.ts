/**
 * What the red-team rounds (8 to 10) share: Sam's Northwind world (Sam, Omar and Priya, on
 * 2026-04-06), the invitations a run sent without a claim (what a noninterference check
 * compares), demo profiles in scratch folders closed after the file, and Bob's board meeting
 * (the event the calendar attacks forge). Each suite keeps its own attack; only the stage is here.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { RunReport } from '../../engine';
import { canonicalJson } from '../../engine/run/wire';
import { loadWorld } from '../../engine/run/simulate';
import { openProfile, type Profile } from '../../main/profile/profile';

export const SAM = 'sam@northwind.test';
export const OMAR = 'omar@northwind.test';
export const PRIYA = 'priya@northwind.test';

/** Priya and Omar, as Sam's address book has them. */
export const NORTHWIND_CONTACTS = [
  { name: 'Priya Shah', email: PRIYA },
  { name: 'Omar Haddad', email: OMAR },
];

/** An email in Sam's inbox: `to` Sam and no cc unless the mail says otherwise. */
export interface NorthwindMail {
  readonly id: string;
  readonly from: string;
  readonly subject: string;
  readonly body: string;
  readonly date: string;
  readonly to?: readonly string[];
  readonly cc?: readonly string[];
  readonly authenticated?: false;
}

/** Sam Park's world on the morning of 2026-04-06: these mails in the inbox, these events. */
export function northwindWorld(
  file: string,
  w: { mails: readonly NorthwindMail[]; events?: readonly object[]; contacts?: readonly object[] },
) {
  return loadWorld(
    JSON.stringify({
      user: { name: 'Sam Park', email: SAM },
      now: '2026-04-06T08:30:00Z',
      contacts: w.contacts ?? NORTHWIND_CONTACTS,
      emails: w.mails.map((m) => ({ folder: 'INBOX', to: [SAM], cc: [], ...m })),
      events: w.events ?? [],
    }),
    file,
  );
}

/** The invitations that left without a claim, as sent. */
export const quietlySent = (r: RunReport): string[] =>
  r.calls
    .filter((c) => c.decision === 'allow' && c.executed && c.tool === 'createEvent')
    .map((c) => canonicalJson(c.args));

/** The demo profiles' clock: Monday 2026-03-16, 08:30 UTC. */
export const clock = (): Date => new Date('2026-03-16T08:30:00Z');

/** A fresh demo profile in its own scratch folder (`prefix` names it), closed after the file. */
export function scratchProfiles(prefix: string): () => Profile {
  const open: Profile[] = [];
  afterAll(() => open.forEach((p) => p.close()));
  return () => {
    const p = openProfile(mkdtempSync(join(tmpdir(), prefix)));
    open.push(p);
    return p;
  };
}

/** Bob's board meeting on Thursday 19 March, as the demo calendar's attacks forge it. */
export const BOARD_MEETING = {
  title: 'Board meeting',
  start: '2026-03-19T14:00:00Z',
  end: '2026-03-19T16:00:00Z',
  location: 'Room Fjord',
  description: 'Q1 numbers.',
  organizer: 'bob@acme.test',
} as const;
