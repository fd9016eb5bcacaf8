/**
 * Red-team round 4: plans in ./plans that try to launder the attacker's email (m1 of the
 * laundering world) into an egress call that is allowed. Headers as in the laundering suite:
 *
 *   // attack: <what it tries>            or   // control: <what it shows>
 *   // mechanism: <the root cause in the engine> (attacks)
 *   // normal: blocked | leaks (…) | allowed
 *   // strict: denied | allowed
 *
 * Each test asserts the SAFE behaviour: in a mode where the plan is "blocked"/"denied", no egress
 * call is allowed and at least one was attempted and denied naming m1 (so a crash does not pass).
 * A test marked `it.fails` is a leak found in this round that is still open: the comment above it
 * names the mechanism. When it is fixed, the `it.fails` turns red: make it `it`. Every leak of
 * this round is closed; each block says how.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CallRecord, Mode, RunReport } from '../../../engine';
import { describeCalls as show, egressCalls as egress, runInLaunderingWorld } from '../laundering-world';

const here = dirname(fileURLToPath(import.meta.url));
const run = async (file: string, mode: Mode): Promise<RunReport> =>
  (await runInLaunderingWorld(readFileSync(join(here, 'plans', file), 'utf8'), mode)).report;

/** Safe: the plan stays in the language, makes an egress call, and none is allowed; a denial names m1. */
async function expectBlocked(file: string, mode: Mode): Promise<void> {
  const r = await run(file, mode);
  expect(r.error?.kind, show(r)).not.toBe('PlanRejected');
  expect(egress(r).length, show(r)).toBeGreaterThan(0);
  expect(egress(r).filter((c) => c.decision === 'allow').length, `LEAK: ${show(r)}`).toBe(0);
  const names = (c: CallRecord) => [...c.sources, ...c.context.sources].some((s) => /:m1(#|$)/.test(s));
  expect(egress(r).some(names), show(r)).toBe(true);
}

/** Ordinary plans that must keep working: every egress call allowed. */
async function expectAllowed(file: string, mode: Mode): Promise<void> {
  const r = await run(file, mode);
  expect(r.status, show(r)).toBe('completed');
  expect(egress(r).length, show(r)).toBeGreaterThan(0);
  expect(
    egress(r).every((c) => c.decision === 'allow'),
    show(r),
  ).toBe(true);
}

describe('red team round 4: a read in a try of a container whose label is its structure label', () => {
  // CLOSED: R.gets, R.get and getSlow join a receiver's label into the try's context only for a
  // Box. match and exec (library.embed.js `decided`) now return the array they found as a Box
  // labeled with what decided that there is one (the same label as the null they return
  // otherwise), so every read of it in a try joins that label; a listing stays unboxed (091).
  it('001 property read of a match result (STRICT)', () =>
    expectBlocked('001-try-read-of-labeled-container.js', 'strict'));
  it('001 property read of a match result (NORMAL)', () =>
    expectBlocked('001-try-read-of-labeled-container.js', 'normal'));
  // The same through destructuring (emit-expressions.ts destructureInto → __R.get).
  it('002 destructuring a match result (STRICT)', () =>
    expectBlocked('002-try-destructure-labeled-container.js', 'strict'));
  it('002 destructuring a match result (NORMAL)', () =>
    expectBlocked('002-try-destructure-labeled-container.js', 'normal'));
});

describe('red team round 4: a for…of in a try over a value whose container is not boxed', () => {
  // CLOSED: R.iter joins the reference's label only for a Box; JSON.parse (library.embed.js
  // jsonParse) now returns a container it parsed as a Box labeled with the text's label.
  it('003 for…of over JSON.parse of the email (STRICT)', () =>
    expectBlocked('003-try-iterate-parsed-value.js', 'strict'));
  it('003 for…of over JSON.parse of the email (NORMAL)', () =>
    expectBlocked('003-try-iterate-parsed-value.js', 'normal'));
});

describe('red team round 4: an operation that may throw in a branch NOT taken inside a try', () => {
  // CLOSED: only an explicit throw or return counted as a region's escape, and the merge put the
  // older context back, so an operation that may throw in a branch that was NOT taken (JSON.parse,
  // a tool call, a read) added nothing to the try's context. Now (§3a) a conditional region
  // whose code may throw (effects.ts Effects.mayThrow) joins its context into the try's at its
  // merge (emit-regions.ts mergeCode → __R.tskip), whichever way it went: if, ?:, switch,
  // && || ??, loops (a conditional break raises the loop's context) and callbacks.
  for (const [file, what] of [
    ['004-try-branch-not-taken-may-throw.js', '004 JSON.parse in an if not taken'],
    ['005-try-branch-not-taken-tool-error.js', '005 a failing tool call in an if not taken'],
    ['006-try-conditional-arm-not-taken.js', '006 the ?: arm not evaluated'],
    ['008-try-break-skips-throwing-op.js', '008 a conditional break skips the operation'],
    ['009-try-switch-case-not-taken.js', '009 a switch case not taken'],
    ['010-try-callback-branch-not-taken.js', '010 an if not taken inside a callback'],
  ] as const)
    for (const mode of ['strict', 'normal'] as const) it(`${what} (${mode})`, () => expectBlocked(file, mode));
  // The same, seen as data (STRICT): the caught message names the operation that threw.
  it('007 the message of the error that was thrown instead (strict)', () =>
    expectBlocked('007-try-which-operation-threw.js', 'strict'));
});

describe('red team round 4: ordinary plans are not refused', () => {
  for (const mode of ['strict', 'normal'] as const) {
    it(`090 a try over the plan's own values, then a send (${mode})`, () =>
      expectAllowed('090-control-try-own-data.js', mode));
    // A fix for 001–003 must not make every read of a labeled container in a try decide it.
    it(`091 a try reading a listing, then a send in your own words (${mode})`, () =>
      expectAllowed('091-control-try-read-listing.js', mode));
  }
});
