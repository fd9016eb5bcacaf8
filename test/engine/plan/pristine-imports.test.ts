/**
 * Pristine imports (runtime deepLab): until the plan first writes into an imported container, an
 * imported item's (or listing's) deep label is read from its import (its label shape) and kept,
 * not walked. Generated plans read deep labels (a sort's order, `JSON.stringify`, a lifted
 * built-in, a tool call's arguments, each email as held before any write) before and after
 * writes into the imported emails and their lists by every path a write takes (a field or an
 * element set, in and out of a context, push, splice, reverse, sort in place, fill, a collect
 * loop's push, a list moved between emails, a shallow copy sharing an email's lists, a merge's
 * upgrade of a name written or aliased on a path not taken), over lists short enough to be filled
 * in place and long enough to be filled lazily, and shared parts reached before and after their
 * item (`[e.to, e]`, `[e, e.to]`). As compiled and with `noFastPaths` (which walks every time)
 * they give the same answer with the same label on every part and the same calls with their
 * labels. (Not the number of labels made: other fast paths make fewer than the tables do.) A mark
 * left stale by a write (wrote() left out of R.set, of the mutator rule, of R.upc, of R.upd)
 * failed this run each time.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadWorld } from '../../../engine/run/simulate';
import type { Mode } from '../../../engine/run/types';
import { fastPathOutcome } from '../fast-path-outcome';
import { budget } from '../../setup/budget';

/** Seven emails from senders trusted and not, with lists of every length (six recipients: a lazy list). */
function worldText(): string {
  const senders = ['Priya Shah <priya@northwind.test>', 'Trudy <trudy@attacker.test>', 'Weekly <news@weekly.test>'];
  const people = ['priya@northwind.test', 'omar@northwind.test', 'lena@partner.test', 'zed@attacker.test'];
  const emails = Array.from({ length: 7 }, (_, i) => {
    const to = Array.from({ length: [1, 6, 2, 0, 5, 3, 1][i]! }, (_, j) => people[(i + j) % people.length]!);
    const cc = Array.from({ length: [0, 1, 6, 2, 0, 0, 4][i]! }, (_, j) => people[(i * 3 + j) % people.length]!);
    return [
      `  - id: m${i + 1}`,
      '    folder: INBOX',
      `    from: '${senders[i % senders.length]}'`,
      `    to: ${JSON.stringify(to.length ? to : ['sam@northwind.test'])}`,
      `    cc: ${JSON.stringify(cc)}`,
      `    subject: 'Subject ${'zyxwvut'[i]} ${i}'`,
      `    date: '2026-04-0${i + 1}T08:00:00Z'`,
      `    body: 'Body ${i} ${'x'.repeat(i * 3)}'`,
      `    unread: ${i % 2 === 0}`,
      `    threadId: t${i % 3}`,
    ].join('\n');
  });
  return [
    'user: { name: Sam Park, email: sam@northwind.test, addresses: [sam@northwind.test] }',
    "now: '2026-04-08T08:30:00Z'",
    'contacts:',
    '  - { name: Priya Shah, email: priya@northwind.test }',
    '  - { name: Omar Haddad, email: omar@northwind.test }',
    'emails:',
    ...emails,
    'events: []',
  ].join('\n');
}
const WORLD = loadWorld(worldText(), 'pristine.yaml');

/** Statements that read deep labels of imported values; `k` an email's index. */
const READS: readonly ((k: number) => string)[] = [
  () => 'out.push([...es].sort((a, b) => (a.id < b.id ? 1 : -1)).map((e) => e.id));',
  (k) => `out.push(JSON.stringify(es[${k}]));`,
  () => 'out.push(es.includes(es[0]));',
  (k) => `out.push([es[${k}].to, es[${k}]].sort(() => 0).length);`,
  (k) => `out.push([es[${k}], es[${k}].cc, es[${k}].to].sort(() => 0).length);`,
  (k) => `out.push(String(es[${k}].to));`,
  () => 'out.push(es.slice(1).sort((a, b) => a.body.length - b.body.length).map((e) => e.id));',
  (k) => `out.push([{ e: es[${k}] }, es].sort(() => 0).length);`,
  () => 'out.push(JSON.stringify(es).length);',
  // The emails as held before any write (a box whose label no later write into the listing changes).
  (k) => `out.push(JSON.stringify(hs[${k}]));`,
  () => 'out.push([...hs].sort((a, b) => (a.id < b.id ? 1 : -1)).map((e) => e.id));',
];

/** Statements that write into imported containers, each by another path. */
const WRITES: readonly ((k: number, j: number) => string)[] = [
  (k, j) => `es[${k}].subject = es[${j}].body;`,
  (k) => `es[${k}].subject = 'plain';`,
  (k, j) => `es[${k}].to.push(es[${j}].from);`,
  (k) => `es[${k}].cc.push('x@northwind.test');`,
  (k, j) => `es[${k}].to[0] = es[${j}].subject;`,
  (k) => `es[${k}].cc.splice(0, 1);`,
  () => 'es.reverse();',
  () => 'es.sort((a, b) => (a.subject < b.subject ? -1 : 1));',
  (k, j) => `es[${k}].to = es[${j}].cc;`,
  (k) => `es[${k}].to.fill('f');`,
  (k, j) => `if (es[${j}].unread) { es[${k}].n = 1; }`,
  (k, j) => `if (es[${j}].unread) { es[${k}].to.push('y'); }`,
  (k, j) => `{ const c = { ...es[${k}] }; c.to.push(es[${j}].id); }`,
  (k, j) =>
    `{ const ws = es[${j}].body.split(' '); const o = es[${k}].cc; for (const w of ws) if (w.length > 2) o.push(w); }`,
  (k, j) => `if (es[${j}].unread) { const o = es[${k}]; o.cc = []; }`,
  () => 'es.push(es[0]);',
  // Branches never taken: only the merge's upgrade writes (R.upc, R.upd).
  (k, j) => `{ const o = es[${k}]; if (es[${j}].id === 'none') { o.n = 1; } }`,
  (k, j) => `{ const t = es[${k}].to; if (es[${j}].id === 'none') { t.push('q'); } }`,
  (k, j) => `if (es[${j}].id === 'none') { es[${k}].cc.push('q'); }`,
  // An alias made under a context: what it names is upgraded whole (R.upd).
  (k, j) => `{ let t = []; if (es[${j}].id === 'none') { t = es[${k}]; } out.push(t.length); }`,
  (k, j) => `{ const t = es[${j}].unread ? es[${k}].cc : []; out.push(t.length); }`,
];

function planOf(seed: readonly number[]): string {
  let at = 0;
  const pick = (n: number): number => (seed.length ? seed[at++ % seed.length]! : 0) % n;
  const lines = [
    "const es = await listEmails({ folder: 'INBOX', limit: 50 });",
    'const hs = [...es];',
    'const out = [JSON.stringify(hs).length];',
  ];
  const steps = 2 + pick(6);
  for (let i = 0; i < steps; i++) {
    const k = pick(7);
    if (pick(2) === 0) lines.push(WRITES[pick(WRITES.length)]!(k, pick(7)));
    else lines.push(READS[pick(READS.length)]!(k));
  }
  lines.push(READS[0]!(0), READS[1]!(pick(7)), 'out.push(JSON.stringify(hs).length);');
  // Each email's own deep label (a union over all of them can hide one's).
  lines.push('for (let i = 0; i < hs.length; i++) out.push(JSON.stringify(hs[i]).length);');
  lines.push("await sendEmail({ to: ['priya@northwind.test'], subject: 'r', body: JSON.stringify(es[1]) });");
  lines.push('return { out, es, hs };');
  return lines.join('\n');
}

const outcome = (plan: string, mode: Mode, noFastPaths: boolean): Promise<string> =>
  fastPathOutcome({ plan, world: WORLD, mode }, noFastPaths, (r) =>
    r.calls.map((c) => [c.tool, c.decision, c.context, c.fields]),
  );

describe('pristine imports: a deep label read from the import is the walk’s', () => {
  it('a write between two reads of the same deep label changes it as the walk sees it', async () => {
    const plan = [
      "const es = await listEmails({ folder: 'INBOX', limit: 50 });",
      'const before = [...es].sort((a, b) => (a.id < b.id ? -1 : 1));',
      "const m = (await listEmails({ folder: 'INBOX', limit: 1 }))[0];",
      'es[2].to.push(m.body);',
      'const after = [...es].sort((a, b) => (a.id < b.id ? -1 : 1));',
      'return { a: before.length, b: after.length };',
    ].join('\n');
    for (const mode of ['strict', 'normal'] as const) {
      const fast = await outcome(plan, mode, false);
      expect(fast).toBe(await outcome(plan, mode, true));
    }
  });
  for (const mode of ['strict', 'normal'] as const)
    it(`generated reads and writes (${mode})`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(fc.nat(1000), { minLength: 1, maxLength: 24 }), async (seed) => {
          const plan = planOf(seed);
          expect(await outcome(plan, mode, false)).toBe(await outcome(plan, mode, true));
        }),
        // Cases that caught the plants named above, run first: a merge's upgrade of a name
        // written (R.upc) or aliased (R.upd) on a path not taken; a push (the mutator rule).
        {
          numRuns: budget(30, 300),
          examples: [[[1, 0, 0, 457]], [[0, 0, 19, 0]], [[0, 369]], [[873, 0]], [[0, 2, 0, 19, 1, 1, 1, 0]]],
        },
      );
    }, 180_000);
});
