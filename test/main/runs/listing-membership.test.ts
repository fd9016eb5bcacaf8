/**
 * A listing's structure label depends on every email of the mailbox (engine/world/labels.ts
 * `labeledList`). Over a profile's store (main/runs/store-email-source.ts) the tools make that
 * part once per run from the store's summary (ids and distinct address sets), not from every
 * email's headers on every page: on real SQLite profiles of two sizes a plan pages through the
 * whole Inbox and reads every subject in the store's order, and the summary is read once and no
 * email's headers are read for a listing, whatever the mailbox's size (counted through the
 * source, not timed). The summary gives the label one membership per email gives.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { joinLabels } from '../../../engine/ifc/label';
import { simulate } from '../../../engine/run/simulate';
import { WorldState } from '../../../engine/world';
import type { EmailSource } from '../../../engine/world/email-source';
import { emailLabels, mailboxMembership, membershipOf } from '../../../engine/world/labels';
import { openProfile, type Profile } from '../../../main/profile/profile';
import { worldOf } from '../../../main/profile/world-io';
import { storeEmailSource } from '../../../main/runs/store-email-source';
import { PAGE_PLAN, WHOLE_MAILBOX_LIMITS } from '../../bench/listing';
import { fillMessages } from '../../bench/store';

const profiles: Profile[] = [];
afterAll(() => profiles.forEach((p) => p.close()));

function profileOf(n: number): Profile {
  const p = openProfile(join(mkdtempSync(join(tmpdir(), 'zamburak-membership-')), 'p'));
  profiles.push(p);
  fillMessages(p, n);
  // Some of it copied to someone: address sets that differ in cc too.
  p.db.prepare(`UPDATE messages SET cc_addrs = '["bob@example.test"]' WHERE rowid % 7 = 0`).run();
  return p;
}

/** What the tools read of the store for listings, counted. */
interface Reads {
  summaries: number;
  headers: number;
  pages: number;
}
function counted(source: EmailSource, reads: Reads): EmailSource {
  return {
    count: () => source.count(),
    get: (id) => source.get(id),
    page: (q, after, limit) => {
      reads.pages++;
      return source.page(q, after, limit);
    },
    all: () => source.all(),
    *headers() {
      for (const h of source.headers()) {
        reads.headers++;
        yield h;
      }
    },
    membershipInputs: () => {
      reads.summaries++;
      return source.membershipInputs();
    },
    sender: (id) => source.sender(id),
    change: (id, c) => source.change(id, c),
    worldOrder: (a, b) => source.worldOrder(a, b),
  };
}

const inboxSubjects = (p: Profile): string[] =>
  (
    p.db.prepare(`SELECT subject FROM messages WHERE folder = 'INBOX' ORDER BY date DESC, id DESC`).all() as {
      subject: string;
    }[]
  ).map((r) => r.subject);

async function pageThrough(p: Profile): Promise<{ subjects: unknown; reads: Reads; status: string }> {
  const account = p.primaryAccount();
  const reads: Reads = { summaries: 0, headers: 0, pages: 0 };
  const world = new WorldState(
    worldOf(p.repos, account, () => new Date(), { mail: false }),
    counted(storeEmailSource(p.repos.worldMail, account), reads),
  );
  const { report } = await simulate({ plan: PAGE_PLAN, world, limits: WHOLE_MAILBOX_LIMITS });
  expect(report.error).toBeNull();
  return { subjects: report.result, reads, status: report.status };
}

describe('listing a large profile', () => {
  it('reads every subject in order, the membership summary once, whatever the size', async () => {
    const small = profileOf(1_500);
    const large = profileOf(4_500);
    const a = await pageThrough(small);
    const b = await pageThrough(large);
    expect([a.status, b.status]).toEqual(['completed', 'completed']);
    expect(a.subjects).toEqual(inboxSubjects(small));
    expect(b.subjects).toEqual(inboxSubjects(large));
    // One page more than the Inbox fills (the empty one that ends the plan), in both.
    for (const [p, r] of [
      [small, a.reads],
      [large, b.reads],
    ] as const)
      expect(r.pages).toBe(Math.ceil(inboxSubjects(p).length / 500) + 1);
    expect(a.reads).toMatchObject({ summaries: 1, headers: 0 });
    expect(b.reads).toMatchObject({ summaries: 1, headers: 0 });
  }, 600_000);

  it('summarizes the store to the join of one membership per email', () => {
    const p = profileOf(2_000);
    const account = p.primaryAccount();
    const source = storeEmailSource(p.repos.worldMail, account);
    const user = new WorldState(
      worldOf(p.repos, account, () => new Date(), { mail: false }),
      source,
    ).userAddresses;
    const inputs = source.membershipInputs();
    expect(inputs.addressed.length).toBeGreaterThan(1);
    expect(inputs.addressed.length).toBeLessThan(inputs.ids.length);
    for (const tool of ['listEmails', 'searchEmails'])
      expect(mailboxMembership(tool, inputs, user)).toEqual(
        joinLabels(...[...source.headers()].map((e) => membershipOf(emailLabels(tool, e, user).base))),
      );
  });
});
