/**
 * Mail nobody can answer (engine/world/answerable.ts): a no-reply sender or Reply-To, an
 * Auto-Submitted, bulk or list message. Triage never files it as needing a reply or as a meeting
 * to answer and never drafts or proposes a reply to it, whatever its text asks; and the fraud
 * checks still come first: fraud sent the way machines send mail is still suspicious.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadWorld } from '../../../engine/run/simulate';
import { bareAddress, readsNoReplies, unanswerableWhy } from '../../../engine/world';
import { triageProfile, triageWorld } from '../../../main/assistant/triage';
import { parseMessage } from '../../../main/mail/parse';
import { inboxMessage } from '../store/message-fixture';
import { openProfile } from '../../../main/profile/profile';

const USER = 'maya@acme.test';

/** A no-reply style local part as senders write it: any case, separators, a `+tag`. */
const noReplyLocal = fc
  .tuple(
    fc.constantFrom('no-reply', 'noreply', 'no_reply', 'no.reply', 'do-not-reply', 'donotreply', 'MAILER-DAEMON'),
    fc.constantFrom('', '+notices', '+7f3a'),
    fc.boolean(),
  )
  .map(([local, tag, upper]) => (upper ? local.toUpperCase() : local) + tag);

/** The ways a message says nobody reads replies to it: as extra fields of a world email. */
const machine = (domain: string) =>
  fc.oneof(
    noReplyLocal.map((l) => ({ local: l, extra: {} })),
    noReplyLocal.map((l) => ({ local: 'support', extra: { replyTo: `${l}@${domain}` } })),
    fc
      .constantFrom('auto-generated', 'auto-replied', 'Auto-Notified', 'auto-generated; owner-email="x@y.test"')
      .map((v) => ({ local: 'support', extra: { autoSubmitted: v } })),
    fc
      .constantFrom('bulk', 'list', 'junk', 'auto_reply', 'Bulk')
      .map((v) => ({ local: 'news', extra: { precedence: v } })),
    fc.constant({ local: 'team', extra: { listUnsubscribe: `<https://${domain}/unsubscribe?u=1>` } }),
  );

/** Bodies that ask for an answer in every way triage reads one (a question, a time, a document). */
const asking = fc.constantFrom(
  'Please reply to this email to confirm.',
  'Could you reply with your availability?',
  'Can we meet on Tuesday at 14:30 to go over it?',
  'Please send me the signed contract by Friday.',
  'Would you join the call tomorrow at 10:00?',
  'Reply YES to keep your subscription.',
);

const worldOf = (emails: readonly object[], contacts: readonly object[] = []) =>
  loadWorld(
    JSON.stringify({
      user: { name: 'Maya Lind', email: USER },
      now: '2026-03-16T08:30:00Z',
      contacts,
      emails,
    }),
    'unanswerable.json',
  );

describe('mail nobody can answer', () => {
  it('is named by its address, Reply-To and header fields; a person writing is not', () => {
    for (const a of ['no-reply@cloudnest.test', 'CloudNest <No.Reply+x@cloudnest.test>', 'mailer-daemon@mx.test'])
      expect(readsNoReplies(a), a).toBe(true);
    for (const a of ['noreen@acme.test', 'reply@acme.test', 'bob@acme.test', 'no@acme.test'])
      expect(readsNoReplies(a), a).toBe(false);
    expect(unanswerableWhy({ from: 'CloudNest <no-reply@cloudnest.test>' })).toBe(
      'it comes from no-reply@cloudnest.test, an address nobody reads',
    );
    // Replies go to the Reply-To: a person's there can be answered, a no-reply one cannot.
    expect(unanswerableWhy({ from: 'no-reply@shop.test', replyTo: 'help@shop.test' })).toBeNull();
    expect(unanswerableWhy({ from: 'bob@shop.test', replyTo: 'noreply@shop.test' })).toMatch(/^its replies go to/);
    expect(unanswerableWhy({ from: 'bob@acme.test', autoSubmitted: 'no' })).toBeNull();
    expect(unanswerableWhy({ from: 'bob@acme.test', autoSubmitted: 'auto-replied (vacation)' })).toBe(
      'a machine sent it (Auto-Submitted: auto-replied)',
    );
    expect(unanswerableWhy({ from: 'bob@acme.test', precedence: 'first-class' })).toBeNull();
    expect(unanswerableWhy({ from: 'news@acme.test', listUnsubscribe: '<mailto:u@acme.test>' })).toMatch(
      /List-Unsubscribe/,
    );
  });

  it('is never filed as needing a reply and never gets a reply, whatever its text asks', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.stringMatching(/^[a-z]{3,10}\.test$/).chain((d) => fc.tuple(fc.constant(d), machine(d))),
        asking,
        fc.string({ maxLength: 80 }),
        fc.boolean(),
        async ([domain, m], ask, noise, known) => {
          const from = `Service <${m.local}@${domain}>`;
          const world = worldOf(
            [
              {
                id: 'm1',
                from,
                to: [USER],
                subject: 'Quick question?',
                date: '2026-03-16T08:00:00Z',
                body: `Hi Maya,\n\n${noise}\n${ask}\n`,
                ...m.extra,
              },
            ],
            // A contact's no-reply address is still one nobody reads.
            known ? [{ name: 'Service', email: `${m.local}@${domain}` }] : [],
          );
          const r = await triageWorld(world);
          const e = r.emails[0]!;
          expect(['needs-reply', 'meeting']).not.toContain(e.category);
          expect(e.draftId).toBeUndefined();
          expect(e.claimIds).toEqual([]);
          expect(r.calls.filter((c) => ['createDraft', 'replyToEmail', 'respondToEvent'].includes(c.tool))).toEqual([]);
          expect(world.effects().drafts).toEqual([]);
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);

  it('a person asking the same still gets a reply proposed (the property above is not vacuous)', async () => {
    const world = worldOf([
      {
        id: 'm1',
        from: 'Bob Lee <bob@acme.test>',
        to: [USER],
        subject: 'Quick question?',
        date: '2026-03-16T08:00:00Z',
        body: 'Hi Maya,\n\nCould you reply with your availability?\n',
      },
    ]);
    const e = (await triageWorld(world)).emails[0]!;
    expect(['needs-reply', 'meeting']).toContain(e.category);
    expect(e.draftId).toBeDefined();
  });

  it('still files every fraud email suspicious when it is sent the way machines send mail', async () => {
    const file = join(process.cwd(), 'resources/worlds/fraud-world.yaml');
    const base = loadWorld(readFileSync(file, 'utf8'), file).snapshot();
    const fraud = base.emails.filter((e) => e.id.startsWith('f'));
    expect(fraud.length).toBeGreaterThanOrEqual(20);
    await fc.assert(
      fc.asyncProperty(
        fc.array(machine('x.test'), { minLength: fraud.length, maxLength: fraud.length }),
        async (ways) => {
          const emails = fraud.map((e, i) => {
            const way = ways[i]!;
            const domain = bareAddress(e.from).replace(/^.*@/, '');
            // Header fields are added on the sender's own domain; a bare no-reply local part
            // replaces the sender's own.
            const extra = Object.fromEntries(
              Object.entries(way.extra).map(([k, v]) => [k, v.replace('x.test', domain)]),
            );
            const from = Object.keys(extra).length ? e.from : e.from.replace(/[^<\s]+@/, `${way.local}@`);
            return { ...e, from, ...extra };
          });
          const r = await triageWorld(loadWorld(JSON.stringify({ ...base, emails }), 'fraud.json'));
          for (const e of r.emails) {
            expect(e.category, e.id).toBe('suspicious');
            expect(e.findings.length, e.id).toBeGreaterThan(0);
            expect(e.draftId, e.id).toBeUndefined();
          }
        },
      ),
      { numRuns: 5 },
    );
  }, 300_000);

  it('over a profile: the fields a synced message carries, read from its raw text, keep it from Needs reply', async () => {
    const p = openProfile(join(mkdtempSync(join(tmpdir(), 'zamburak-unanswerable-')), 'p'));
    const account = p.primaryAccount();
    const raw = (id: string, field: string) =>
      new TextEncoder().encode(
        [
          'From: Bob Lee <bob@acme.test>',
          `To: ${USER}`,
          'Subject: Are you free?',
          `Message-ID: <${id}@acme.test>`,
          'Date: Mon, 16 Mar 2026 08:20:00 +0000',
          ...(field ? [field] : []),
          '',
          'Hi Maya, could you reply with your availability? Can we meet on Tuesday at 14:30?',
          '',
        ].join('\r\n'),
      );
    const ids = { auto: 'x-auto', bulk: 'x-bulk', list: 'x-list', person: 'x-person' };
    const fields = {
      auto: 'Auto-Submitted: auto-generated',
      bulk: 'Precedence: bulk',
      list: 'List-Unsubscribe: <mailto:leave@acme.test>',
      person: '',
    };
    for (const [k, id] of Object.entries(ids)) {
      const m = await parseMessage(raw(id, fields[k as keyof typeof fields]), { date: new Date(), key: id });
      p.repos.messages.upsert(inboxMessage(id, account.id, m));
    }
    expect(p.repos.messages.get(ids.auto)!.machineHeaders).toEqual({ autoSubmitted: 'auto-generated' });
    const r = await triageProfile(p);
    const of = (id: string) => r.emails.find((e) => e.id === id)!;
    for (const id of [ids.auto, ids.bulk, ids.list]) {
      expect(of(id).category, id).toBe('fyi');
      expect(of(id).draftId, id).toBeUndefined();
      expect(of(id).claimIds, id).toEqual([]);
    }
    // The same text from Bob himself is answered.
    expect(['needs-reply', 'meeting']).toContain(of(ids.person).category);
    // And the demo's CloudNest password reset (no-reply@) is for your information.
    expect(of('e30').category).toBe('fyi');
    expect(of('e30').draftId).toBeUndefined();
    p.close();
  }, 120_000);
});
