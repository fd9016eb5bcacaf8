/**
 * Red-team round 14: "Approve and always allow" and recipients an email's headers chose.
 *
 * The override adds a claim's exact recipients to the policy's recipient allowlist, and is
 * refused for any recipient "no standing rule may trust: one an email chose" (main/app/claims.ts).
 * The card found "an email chose it" only in the call's arguments (`to`, `cc`, `attendees`). A
 * reply-all's To and Cc come from the original's headers, and an update's notified guests from
 * the stored event's attendees: text the sender or organiser wrote, never in the arguments. An
 * attacker whose own domain passes DMARC (so the sender counts as verified) Cc'd any address; a
 * person who approved a harmless reply-all with "always allow" put every such address on the
 * allowlist for good, and from then on every plan could mail it without asking.
 *
 * Property: whatever addresses the attacker lists in To and Cc, what "always allow" would add is
 * at most the verified author of the email answered and people a standing rule trusts already
 * (contacts); every other recipient is marked unsafe on the card with its reason.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoApp } from '../../main/app/app-fixture';
import { runOnProfile } from '../../../main/runs/run-on-profile';
import type { Profile } from '../../../main/profile/profile';

const AUTHOR = 'trudy@parcel-fast.test';
const POOL = ['zed@parcel-fast.test', 'drop@elsewhere.test', 'ap@cloudnest.test', 'x@globex.test'];
/** Contacts: a standing rule trusts them already, so "always allow" adds nothing for them. */
const CONTACTS = ['carla@globex.test', 'bob@acme.test'];
const PEOPLE = [...POOL, ...CONTACTS];

const demo = demoApp({
  undoWindowSeconds: 0,
  // The account's receiving server is known: a verdict of mx.demo.test counts.
  prepare: (p) =>
    p.db.prepare(`UPDATE accounts SET config = json_set(config, '$.authserv', json('["mx.demo.test"]'))`).run(),
});
const { call } = demo;

/** e33, the demo's hostile email, from Trudy's own domain (which authenticates it), To and Cc of her choosing. */
function attackerWrites(p: Profile, to: readonly string[], cc: readonly string[]): void {
  const m = p.repos.messages.get('e33')!;
  p.repos.messages.upsert({
    ...m,
    to: ['maya@acme.test', ...to],
    cc: [...cc],
    auth: { dmarc: 'pass', authserv: 'mx.demo.test', position: 'top', 'dmarc.header.from': 'parcel-fast.test' },
  });
}

async function claimOf(plan: string): Promise<string> {
  const r = await runOnProfile(demo.profile, { plan, kind: 'plan' });
  expect(r.report.claims).toHaveLength(1);
  return r.report.claims[0]!.id;
}

/** What "always allow" would add, or the refusal's message. */
const proposal = (id: string): Promise<{ added: string[] } | string> =>
  (call('claims.proposeOverride', id) as Promise<{ added: string[] }>).catch((e: Error) => e.message);

describe('always allow never trusts an address an email or event chose', () => {
  it('a reply adds at most the verified author, whatever the author lists in To and Cc', async () => {
    await fc.assert(
      fc.asyncProperty(fc.subarray(PEOPLE), fc.subarray(PEOPLE), fc.boolean(), async (to, cc, all) => {
        attackerWrites(demo.profile, to, cc);
        const id = await claimOf(`await replyToEmail('e33', { body: 'Thanks, noted.', replyAll: ${all} });`);
        const card = (await call('claims.get', id)) as {
          recipients: string[];
          unsafeRecipients: { address: string; why: string }[];
        };
        const others = card.recipients.filter((r) => r !== AUTHOR && !CONTACTS.includes(r));
        expect(card.unsafeRecipients.map((u) => u.address).sort()).toEqual([...others].sort());
        const p = await proposal(id);
        if (others.length > 0) for (const r of others) expect(p).toEqual(expect.stringContaining(r));
        else if (typeof p === 'string') throw new Error(`refused: ${p}`);
        else for (const r of p.added) expect([AUTHOR, ...CONTACTS]).toContain(r);
      }),
      { numRuns: 12 },
    );
  }, 120_000);

  it("an update's guests come from the event, not the call: never allowlisted from it", async () => {
    // ev06 is one of Maya's own meetings; its guest list on the calendar server now also holds
    // zed@attacker.test (an invitation can name anyone, and anyone as its organiser: round 11).
    const ev = demo.profile.repos.calendar.get('ev06')!;
    demo.profile.repos.calendar.upsert(demo.profile.primaryAccount().id, {
      ...ev,
      attendees: [...ev.attendees, 'zed@attacker.test'],
    });
    const id = await claimOf(`await updateEvent('ev06', { title: 'Moved by the assistant' });`);
    const card = (await call('claims.get', id)) as { recipients: string[]; contentHash: string };
    expect(card.recipients).toContain('zed@attacker.test');
    expect(await proposal(id)).toEqual(expect.stringContaining('zed@attacker.test (the event named it)'));
    await expect(call('claims.alwaysAllow', id, card.contentHash, 'preset:default')).rejects.toMatchObject({
      kind: 'conflict',
    });
    expect(demo.profile.claims.get(id).state).toBe('pending');
  });
});
