/**
 * A loop over a listing that sees the order but lets nothing out while it runs (docs/semantics.md
 * §3, listings; engine/plan/listing-order.ts): it runs each iteration under its own item, and what
 * it wrote carries the whole listing when it ends. Two worlds differ only in the attacker's Date
 * header (their email e33 at its usual place in the inbox, or first): whatever the loop gathered
 * — a first item, a count before the attacker's, a group, a position — must decide no effect on
 * other mail that the policy lets through on its own, in STRICT and NORMAL alike.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_TEXT, E33_NEWEST, inDemo, quietEffects } from '../two-worlds';

/**
 * In STRICT every iteration's writes already carry its item, so what the loop gathered names every
 * listed email whichever runs first; the listing's structure adds the candidates that did not match
 * (an empty or short search result tells something of each), which only the loop's end joins.
 */
const receipts = "const xs = await searchEmails({ query: 'receipt' });";

const INBOX = "const xs = await listEmails({ folder: 'INBOX', limit: 50 });";

const plans: readonly (readonly [string, string])[] = [
  [
    'a flag the loop sets',
    `let first = ''; for (const x of xs) { if (first === '') first = x.id; } await archiveEmail(first);`,
  ],
  [
    'a count of the items before the attacker’s',
    `let seen = false; let before = 0; for (const x of xs) { if (x.id === 'e33') seen = true; else if (!seen) before++; } if (before === 0) { await archiveEmail('e01'); }`,
  ],
  [
    'a list the loop fills',
    `const ids = []; for (const x of xs) { if (ids.length < 2) ids.push(x.id); } await archiveEmail(ids[0]);`,
  ],
  [
    'a plain copy of the order (a data flow in NORMAL)',
    `const ids = []; for (const x of xs) ids.push(x.id); await markRead(ids[0]); await archiveEmail(ids[1]);`,
  ],
  [
    'groups in a Map, read by the first key',
    `const m = new Map(); for (const x of xs) { if (!m.has(x.folder)) m.set(x.folder, []); m.get(x.folder).push(x.id); } await archiveEmail([...m.values()][0][0]);`,
  ],
  [
    'a group written through a const of the body',
    `const g = { first: '', n: 0 }; const m = new Map([['a', g]]); for (const x of xs) { const h = m.get('a'); h.n = h.n + 1; if (h.first === '') h.first = x.id; } await archiveEmail(g.first);`,
  ],
  [
    'positions in an object',
    `const pos = {}; let i = 0; for (const x of xs) { pos[x.id] = i; i = i + 1; } if (pos.e01 === 0) { await archiveEmail('e01'); } const ids = Object.keys(pos); await markRead(ids[0]);`,
  ],
  [
    'an inner loop that gathers, in an outer one that acts',
    `for (const k of [1]) { let first = ''; for (const x of xs) { if (first === '') first = x.id; } await archiveEmail(first); }`,
  ],
  [
    'a callback in the body that reads what it carries',
    `let first = ''; for (const x of xs) { [x.id].forEach((id) => { if (first === '') first = id; }); } await archiveEmail(first);`,
  ],
];

describe('a loop that sees the order and lets nothing out: what it gathered is the whole listing’s', () => {
  for (const mode of ['strict', 'normal'] as const)
    for (const [what, body] of plans)
      it(`[${mode}] ${what}`, async () => {
        const plan = `${INBOX} ${body}`;
        const [a, b] = await Promise.all([inDemo(plan, DEMO_TEXT, mode), inDemo(plan, E33_NEWEST, mode)]);
        for (const r of [a, b]) expect(r.status, r.error?.fullMessage).toBe('completed');
        expect(quietEffects(a), 'LEAK: the attacker’s Date header decided an effect on other mail').toEqual(
          quietEffects(b),
        );
      });
});

describe('what such a loop gathered names the candidates that were not listed', () => {
  it.each(['strict', 'normal'] as const)('[%s] the attacker’s email, which did not match', async (mode) => {
    const plan = `${receipts} let first = ''; for (const x of xs) { if (first === '') first = x.id; } await archiveEmail(first);`;
    const r = await inDemo(plan, E33_NEWEST, mode);
    const archive = r.calls.find((c) => c.tool === 'archiveEmail')!;
    expect(archive.args.id).not.toBe('e33');
    expect(archive.sources).toContain('tool:searchEmails:e33#listed');
  });
});

describe('NORMAL: a Map or Set such a loop fills names every item it read, as in STRICT', () => {
  // The engine raises their structure with each iteration's item (engine/plan/emit-statements.ts,
  // gatheredCollections): more than the rules ask, so the answers of has/get/set in the loop share
  // one growing union. The sender of a mail whose sender was already a key is named too.
  it('the sources behind the Map’s size', async () => {
    const plan = `${INBOX} const m = new Map(); for (const x of xs) { if (!m.has(x.from)) m.set(x.from, 1); } await archiveEmail('e' + String(m.size));`;
    const sources = async (mode: 'strict' | 'normal'): Promise<string[]> => {
      const r = await inDemo(plan, DEMO_TEXT, mode);
      return r.calls.find((c) => c.tool === 'archiveEmail')!.sources.filter((s) => !s.endsWith('#listed'));
    };
    const [normal, strict] = await Promise.all([sources('normal'), sources('strict')]);
    expect(normal.length).toBeGreaterThan(40);
    expect(normal).toEqual(strict);
  });
});
