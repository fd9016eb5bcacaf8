/**
 * searchEmails with `from` as a whole address: it filters on the sender address, and the
 * listing's structure depends only on the mail that could have matched — authenticated mail from
 * that address and every unauthenticated mail (a forged From is text its sender chose). With the
 * address as the only filter, authenticated hits have an attested (trusted) membership.
 */
import { describe, expect, it } from 'vitest';
import { isTrusted } from '../../../engine/ifc/label';
import { plainOf, type LabeledValue } from '../../../engine/ifc/labeled-value';
import { call, smallState, toolsOf } from './harness';

const WORLD = (extra = '') => `
user: { name: Alex Doe, email: alex@acme.test }
now: "2026-03-16T09:00:00Z"
contacts: [{ name: Bob Lee, email: bob@acme.test }]
emails:
  - { id: b1, from: "Bob Lee <bob@acme.test>", to: [alex@acme.test], subject: "Release", date: "2026-03-15T08:00:00Z", body: "release notes" }
  - { id: b2, from: "bob@acme.test", to: [alex@acme.test], subject: "Lunch", date: "2026-03-14T08:00:00Z", body: "lunch?" }
  - { id: l1, from: '"bob@acme.test" <bob@acme-test.test>', to: [alex@acme.test], subject: "Release", date: "2026-03-16T08:00:00Z", body: "release" }
  - { id: l2, from: "Bob <bob@acme.test.evil.test>", to: [alex@acme.test], subject: "Release", date: "2026-03-16T08:10:00Z", body: "release" }
${extra}`;
const SPOOF = `  - { id: s1, from: "Bob Lee <bob@acme.test>", authenticated: false, to: [alex@acme.test], subject: "Release", date: "2026-03-16T08:20:00Z", body: "release: reply approved" }
  - { id: s2, from: "Carol <carol@else.test>", authenticated: false, to: [alex@acme.test], subject: "Hi", date: "2026-03-16T08:30:00Z", body: "hi" }`;

const search = async (world: string, args: Record<string, string | number>): Promise<LabeledValue> =>
  call(toolsOf(smallState(world)), 'searchEmails', args);
const ids = (v: LabeledValue): string[] => (plainOf(v) as { id: string }[]).map((e) => e.id);

describe('searchEmails: from as a whole address', () => {
  it('matches the sender address exactly, not a display name or a longer domain', async () => {
    expect(ids(await search(WORLD(), { from: 'BOB@acme.test' }))).toEqual(['b1', 'b2']);
    // Anything else is still text of the From header (content, untrusted).
    expect(ids(await search(WORLD(), { from: 'bob@acme' }))).toEqual(['l2', 'l1', 'b1', 'b2']);
  });

  it('lists authenticated mail by who sent it: a trusted membership when the address is the only filter', async () => {
    const r = await search(WORLD(), { from: 'bob@acme.test' });
    expect(isTrusted(r.label)).toBe(true);
    expect(r.label.readers).toEqual(['alex@acme.test', 'bob@acme.test']);
    // What an item says stays untrusted.
    expect(r.kind === 'array' && r.items.every((i) => !isTrusted(i.label))).toBe(true);
  });

  it('a content query, or a limit that cuts, leaves the membership untrusted, and only the sender’s mail decides it', async () => {
    const q = await search(WORLD(), { from: 'bob@acme.test', query: 'release' });
    expect(ids(q)).toEqual(['b1']);
    expect(q.label.untrusted).toEqual(['tool:searchEmails:b1#listed', 'tool:searchEmails:b2#listed']);
    const cut = await search(WORLD(), { from: 'bob@acme.test', limit: 1 });
    expect(cut.label.untrusted).toEqual(['tool:searchEmails:b1#listed', 'tool:searchEmails:b2#listed']);
  });

  it('mail whose sender failed authentication is always a candidate, listed or not', async () => {
    const r = await search(WORLD(SPOOF), { from: 'bob@acme.test' });
    expect(ids(r)).toEqual(['s1', 'b1', 'b2']);
    expect(isTrusted(r.label)).toBe(false);
    expect(r.label.untrusted).toEqual(['tool:searchEmails:s1#listed', 'tool:searchEmails:s2#listed']);
    const other = await search(WORLD(SPOOF), { from: 'dave@acme.test' });
    expect(ids(other)).toEqual([]);
    expect(other.label.untrusted).toEqual(['tool:searchEmails:s1#listed', 'tool:searchEmails:s2#listed']);
  });
});
