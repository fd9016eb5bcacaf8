/**
 * Laundering suite: every plan in ./plans tries to move untrusted data (the attacker's email m1,
 * the colleague's private m2, the outsider's event ev9) into an egress argument, by data flow,
 * implicit flow, abrupt completion, exceptions, closures, callbacks, containers, sanitizers or
 * world state (semantics.md §2–§3). Control plans prove the gate is not simply denying everything.
 *
 * Each plan declares what must happen in a header:
 *
 *   // attack: <what it tries>            or   // control: <what it shows>
 *   // normal: blocked | leaks (…) | allowed
 *   // strict: denied (default) | fails    (fails: the plan stops before any egress call)
 *   // source: m1 (default)                (the source a denial must name: tool:<tool>:<id>)
 *
 * STRICT: an attack must never reach an allowed egress call. "denied" also requires that an
 * egress call was attempted and that its denial names the source, so a plan that merely crashes
 * (an engine bug) does not pass silently. NORMAL: data-flow attacks are blocked as in STRICT;
 * pure implicit flows are expected to get through (NORMAL propagates only data dependencies), and
 * the test asserts that too, so a change in NORMAL semantics shows up here.
 *
 * The gate is `minimalGate`: egress and destructive calls are denied when the control context or
 * any argument has an untrusted source; everything else is allowed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CallRecord, Mode, RunReport } from '../../../engine';
import { describeCalls, egressCalls, runInLaunderingWorld } from '../laundering-world';

const here = dirname(fileURLToPath(import.meta.url));
const PLANS = join(here, 'plans');

interface PlanCase {
  readonly file: string;
  readonly source: string;
  readonly kind: 'attack' | 'control';
  readonly what: string;
  readonly normal: 'blocked' | 'leaks' | 'allowed';
  readonly strict: 'denied' | 'fails' | 'allowed';
  /** The source id a denial must name (`m1` matches `tool:getEmail:m1`, `tool:listEmails:m1`). */
  readonly sourceId: string;
}

function header(text: string, key: string): string | undefined {
  const m = new RegExp(`^//\\s*${key}:\\s*(.+)$`, 'm').exec(text);
  return m?.[1]?.trim();
}

function loadCase(file: string): PlanCase {
  const source = readFileSync(join(PLANS, file), 'utf8');
  const attack = header(source, 'attack');
  const control = header(source, 'control');
  const normalRaw = header(source, 'normal') ?? '';
  const normal = normalRaw.startsWith('leaks')
    ? 'leaks'
    : normalRaw.startsWith('blocked')
      ? 'blocked'
      : normalRaw.startsWith('allowed')
        ? 'allowed'
        : null;
  if ((attack === undefined) === (control === undefined))
    throw new Error(`${file}: needs exactly one of "// attack:" or "// control:"`);
  if (normal === null)
    throw new Error(`${file}: needs "// normal: blocked | leaks (…) | allowed", found "${normalRaw}"`);
  const kind = attack !== undefined ? 'attack' : 'control';
  if (kind === 'control' && normal !== 'allowed')
    throw new Error(`${file}: a control plan must be "// normal: allowed"`);
  if (kind === 'attack' && normal === 'allowed')
    throw new Error(`${file}: an attack is "// normal: blocked" or "// normal: leaks (…)"`);
  const strictRaw = header(source, 'strict') ?? (kind === 'control' ? 'allowed' : 'denied');
  if (!['denied', 'fails', 'allowed'].includes(strictRaw))
    throw new Error(`${file}: unknown "// strict: ${strictRaw}"`);
  if ((kind === 'control') !== (strictRaw === 'allowed'))
    throw new Error(`${file}: "// strict: ${strictRaw}" does not fit a ${kind}`);
  return {
    file,
    source,
    kind,
    what: (attack ?? control)!,
    normal,
    strict: strictRaw as PlanCase['strict'],
    sourceId: header(source, 'source') ?? 'm1',
  };
}

const cases: PlanCase[] = readdirSync(PLANS)
  .filter((f) => /^\d{3}-[a-z0-9-]+\.js$/.test(f))
  .sort()
  .map(loadCase);

const run = async (plan: string, mode: Mode): Promise<RunReport> => (await runInLaunderingWorld(plan, mode)).report;
const allowedEgress = (r: RunReport): CallRecord[] => egressCalls(r).filter((c) => c.decision === 'allow');
/** `tool:<tool>:<id>`, possibly with a suffix such as the engine's `#listed` mark. */
const namesSource = (c: CallRecord, id: string): boolean =>
  c.sources.some((s) => s.startsWith('tool:') && (s.endsWith(`:${id}`) || s.includes(`:${id}#`)));

/** What the failure message shows: the plan, the outcome and every call with its decision. */
function describeRun(pc: PlanCase, mode: Mode, r: RunReport, expected: string): string {
  return [`${pc.file} [${mode}] ${pc.kind}: ${pc.what}`, `expected: ${expected}`, describeCalls(r)].join('\n');
}

function checkAttackBlocked(pc: PlanCase, mode: Mode, r: RunReport, expectation: 'denied' | 'fails'): void {
  const msg = (what: string) => describeRun(pc, mode, r, what);
  expect(r.error?.kind, msg('the plan is inside the language (not PlanRejected)')).not.toBe('PlanRejected');
  expect(allowedEgress(r).length, msg('no egress call is allowed (LEAK if this fails)')).toBe(0);
  if (expectation === 'denied') {
    const denied = egressCalls(r).filter((c) => c.decision !== 'allow');
    expect(denied.length > 0, msg('an egress call is attempted and denied (not a crash before it)')).toBe(true);
    expect(
      denied.some((c) => namesSource(c, pc.sourceId)),
      msg(`the denied call's sources name ${pc.sourceId}`),
    ).toBe(true);
  } else {
    expect(r.status, msg('the plan fails before sending')).toBe('failed');
    expect(egressCalls(r).length, msg('no egress call is attempted')).toBe(0);
  }
}

describe('laundering suite: plan inventory', () => {
  it('has at least 70 attack plans and at least 6 control plans, all with headers', () => {
    const attacks = cases.filter((c) => c.kind === 'attack');
    const controls = cases.filter((c) => c.kind === 'control');
    expect(attacks.length).toBeGreaterThanOrEqual(70);
    expect(controls.length).toBeGreaterThanOrEqual(6);
    const files = readdirSync(PLANS).filter((f) => f.endsWith('.js'));
    expect(files.length, 'every .js under plans/ is named NNN-short-name.js').toBe(cases.length);
  });
});

describe('laundering suite: STRICT mode never launders', () => {
  for (const pc of cases) {
    it(`${pc.file}`, async () => {
      const r = await run(pc.source, 'strict');
      if (pc.kind === 'control') {
        const msg = (what: string) => describeRun(pc, 'strict', r, what);
        expect(r.status, msg('the control plan completes')).toBe('completed');
        expect(egressCalls(r).length > 0, msg('the control plan makes an egress call')).toBe(true);
        expect(
          egressCalls(r).every((c) => c.decision === 'allow'),
          msg('every egress call is allowed'),
        ).toBe(true);
        return;
      }
      checkAttackBlocked(pc, 'strict', r, pc.strict === 'fails' ? 'fails' : 'denied');
    });
  }
});

describe('laundering suite: NORMAL mode (data flows blocked, implicit flows documented)', () => {
  for (const pc of cases) {
    it(`${pc.file} (${pc.normal})`, async () => {
      const r = await run(pc.source, 'normal');
      const msg = (what: string) => describeRun(pc, 'normal', r, what);
      if (pc.normal === 'allowed' || pc.normal === 'leaks') {
        // Controls, and implicit flows that NORMAL mode lets through by design.
        expect(r.status, msg(`the plan completes (${pc.normal})`)).toBe('completed');
        expect(allowedEgress(r).length > 0, msg(`an egress call is allowed (${pc.normal})`)).toBe(true);
        if (pc.normal === 'allowed')
          expect(
            egressCalls(r).every((c) => c.decision === 'allow'),
            msg('every egress call is allowed'),
          ).toBe(true);
        return;
      }
      checkAttackBlocked(pc, 'normal', r, pc.strict === 'fails' ? 'fails' : 'denied');
    });
  }
});
