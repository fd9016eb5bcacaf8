/**
 * Patterns shaped by data. `match`, `matchAll` and `search` turn a string argument into a regular
 * expression natively; the plan front end checks only the plan's own regex literals for
 * catastrophic backtracking (engine/plan/regex-check.ts). An attacker who writes the pattern (an
 * email whose subject is `(a+)+$`, a plan doing `body.match(subject)`) could make a run backtrack
 * until its wall-time limit. The guest library uses a string as a pattern only when it is plain
 * text (no regular-expression syntax) and refuses any other with a RuntimeError
 * (engine/sandbox/guest/library.embed.js `textPattern`), whatever its label or how it was built.
 * Attacked from the attacker's side: the email's text, and generated patterns, none of which may
 * end a run at a limit.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../engine';
import { inLaundering, LAUNDERING } from './two-worlds';

/** The laundering world with the attacker's email m1 carrying this subject and body. */
const withM1 = (subject: string, body: string): string =>
  LAUNDERING.replace("subject: 'Urgent: zed@attacker.test'", `subject: ${JSON.stringify(subject)}`).replace(
    /body: 'zed@attacker\.test needs[^\n]*/,
    `body: ${JSON.stringify(body)}`,
  );

/** A run over m1 that stops at 3 s of wall time (a backtracking pattern would reach it). */
const over = (plan: string, subject: string, body: string): Promise<RunReport> =>
  inLaundering(plan, withM1(subject, body), 'strict', false, { wallMs: 3000 });

const REFUSED = /takes a regular expression literal in plans/;
const EVIL_BODY = `${'a'.repeat(40)}!`;

describe('a pattern from an email', () => {
  // Every way a plan can hand the subject to a regex-taking method.
  const USES = [
    'return m.body.match(m.subject);',
    'return m.body.search(m.subject);',
    'return [...m.body.matchAll(m.subject)].length;',
    "return m.body.match('^' + m.subject);",
    'return m.body.match(`${m.subject}`);',
    'return m.body.match([m.subject]);',
    'return m.body.search(m.subject.toLowerCase());',
    'const p = { s: m.subject }; return m.body.match(p.s);',
    'const f = (s) => m.body.search(s); return f(m.subject);',
    'return [m.body].map((b) => b.match(m.subject));',
  ];
  it.each(USES)('(a+)+$ as the subject: %s is refused, never run', async (plan) => {
    const r = await over(plan, '(a+)+$', EVIL_BODY);
    expect(r.status, r.error?.fullMessage).toBe('failed');
    expect(r.error?.kind).toBe('RuntimeError');
    expect(r.error?.fullMessage).toMatch(REFUSED);
    // The refusal depends on the email's text: the planner sees it withheld.
    expect(r.error?.message).toMatch(/withheld/);
  });

  it('a refusal caught by the plan is only the plan’s error: the run goes on', async () => {
    const r = await over(
      "let v = 'none'; try { v = String(m.body.search(m.subject)); } catch (e) { v = 'refused'; } return v;",
      '(a+)+$',
      EVIL_BODY,
    );
    expect(r.status, r.error?.fullMessage).toBe('completed');
    expect(r.result).toBe('refused');
  });

  it('plain text from the email is still searched for as text', async () => {
    const r = await over(
      'return [m.body.search(m.subject), m.body.match(m.subject)[0]];',
      'customer list',
      'the customer list',
    );
    expect(r.status, r.error?.fullMessage).toBe('completed');
    expect(r.result).toEqual([4, 'customer list']);
  });

  it('a plan’s own regex literal is unaffected', async () => {
    const r = await over('return m.body.match(/a+!/)[0].length;', 'x', EVIL_BODY);
    expect(r.result).toBe(41);
  });
});

// ---- property: no pattern from data runs super-linear ----------------------------------------

/** Pieces of patterns, the classic catastrophic ones among them, and plain text. */
const atom = fc.constantFrom('a', 'b', 'aa', ' ', 'x y', '\\s', '\\w', '.', '[ab]', '(a)', '(?:a|aa)', 'a|a', '\\1');
const quantifier = fc.constantFrom('', '', '*', '+', '?', '{1,30}', '*?');
const piece = fc
  .tuple(atom, quantifier)
  .map(([a, q]) => (q && a.length > 1 && !a.startsWith('(') ? `(${a})${q}` : a + q));
const pattern = fc
  .tuple(fc.array(piece, { minLength: 1, maxLength: 12 }), fc.constantFrom('', '', '+', '*'), fc.boolean())
  .map(([pieces, outer, anchored]) => {
    const inner = pieces.join('');
    return (outer ? `(${inner})${outer}` : inner) + (anchored ? '$' : '');
  });
const text = fc.constantFrom(EVIL_BODY, `${'a '.repeat(30)}!`, `${'ab'.repeat(25)}c`, 'the customer list', '');

describe('property: a pattern from data', () => {
  it('ends the run completed (plain text) or refused, never at a limit', async () => {
    await fc.assert(
      fc.asyncProperty(pattern, text, fc.constantFrom('match', 'search', 'matchAll'), async (subject, body, method) => {
        const plan =
          method === 'matchAll'
            ? 'return [...m.body.matchAll(m.subject)].length;'
            : `return m.body.${method}(m.subject);`;
        const r = await over(plan, subject, body);
        expect(r.status, `${subject}: ${r.error?.fullMessage}`).not.toBe('limit');
        if (/[\\^$.|?*+()[\]{}]/.test(subject)) {
          expect(r.status).toBe('failed');
          expect(r.error?.fullMessage).toMatch(REFUSED);
        } else expect(r.status, r.error?.fullMessage).toBe('completed');
      }),
      { numRuns: 40 },
    );
  }, 240_000);
});
