/**
 * The sandbox-escape suite: every file in `plans/` is a hostile plan with its expected outcome
 * in a header comment, read by this runner:
 *
 *   // expect: rejected 3 /regex/ | failed RuntimeError /regex/ | limit steps | completed <json> [untrusted=src,…]
 *   // why: what the plan tries
 *   // limits: {"wallMs": 500}            (optional overrides of the small limits below)
 *   // never: __R|__S                      (optional: text the result and the planner's error message must never contain)
 *
 * Alternatives are separated by " | " (for attacks with more than one acceptable ending, e.g.
 * refused OR stopped by the wall clock). Whatever the plan does, the runner also checks that
 * the run ends with a well-formed status, that a completed run stayed inside its step budget,
 * that every effect on the world is in the report (and the report does not change after the
 * run), that no host prototype changed, and that a benign plan run right after it still
 * completes with the right result and labels (the host stays healthy, nothing leaks between
 * runs).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  compilePlan,
  minimalGate,
  PlanRejected,
  runPlan,
  toolRegistry,
  type Limits,
  type RunReport,
} from '../../../engine';
import { WorldState, worldTools } from '../../../engine/world';

const here = dirname(fileURLToPath(import.meta.url));
const PLAN_DIR = join(here, 'plans');
const WORLD = readFileSync(join(here, 'world.yaml'), 'utf8');

/** Small limits so the suite is fast; a plan may override some in its header. */
const BASE_LIMITS: Partial<Limits> = { wallMs: 3000, steps: 200_000, memoryBytes: 32 * 1024 * 1024 };

type Outcome =
  | { readonly kind: 'rejected'; readonly line: number; readonly column?: number; readonly reason?: RegExp }
  | { readonly kind: 'failed'; readonly errorKind: string; readonly reason?: RegExp }
  | { readonly kind: 'limit'; readonly limit: string }
  | { readonly kind: 'completed'; readonly result: unknown; readonly untrusted: readonly string[] };

interface HostilePlan {
  readonly file: string;
  readonly source: string;
  readonly outcomes: readonly Outcome[];
  readonly why: string;
  readonly limits: Partial<Limits>;
  readonly never?: RegExp;
}

function parseReason(s: string): { rest: string; reason?: RegExp } {
  const m = /^(.*?)\s*\/(.+)\/$/.exec(s);
  return m ? { rest: m[1]!, reason: new RegExp(m[2]!) } : { rest: s };
}

function parseOutcome(text: string, file: string): Outcome {
  const t = text.trim();
  let m: RegExpExecArray | null;
  if ((m = /^rejected\s+(.*)$/.exec(t))) {
    const { rest, reason } = parseReason(m[1]!);
    const pos = /^(\d+)(?::(\d+))?$/.exec(rest.trim());
    if (!pos) throw new Error(`${file}: bad rejected expectation "${t}"`);
    return { kind: 'rejected', line: Number(pos[1]), column: pos[2] ? Number(pos[2]) : undefined, reason };
  }
  if ((m = /^failed\s+(.*)$/.exec(t))) {
    const { rest, reason } = parseReason(m[1]!);
    return { kind: 'failed', errorKind: rest.trim(), reason };
  }
  if ((m = /^limit\s+(\w+)$/.exec(t))) return { kind: 'limit', limit: m[1]! };
  if ((m = /^completed\s+(.*?)(?:\s+untrusted=(\S+))?$/.exec(t)))
    return { kind: 'completed', result: JSON.parse(m[1]!), untrusted: m[2] ? m[2].split(',') : [] };
  throw new Error(`${file}: unknown expectation "${t}"`);
}

function loadPlans(): HostilePlan[] {
  return readdirSync(PLAN_DIR)
    .filter((f) => f.endsWith('.js'))
    .sort()
    .map((file) => {
      const source = readFileSync(join(PLAN_DIR, file), 'utf8');
      const header = (key: string): string | undefined =>
        source
          .split('\n')
          .find((l) => l.startsWith(`// ${key}:`))
          ?.slice(`// ${key}:`.length)
          .trim();
      const exp = header('expect');
      if (!exp) throw new Error(`${file}: no "// expect:" header`);
      return {
        file,
        source,
        outcomes: exp.split(' | ').map((o) => parseOutcome(o, file)),
        why: header('why') ?? '',
        limits: JSON.parse(header('limits') ?? '{}') as Partial<Limits>,
        never: header('never') ? new RegExp(header('never')!) : undefined,
      };
    });
}

interface Run {
  readonly report: RunReport;
  readonly state: WorldState;
  readonly limits: Partial<Limits>;
  readonly toolNames: readonly string[];
}

async function run(source: string, limits: Partial<Limits> = {}): Promise<Run> {
  const state = WorldState.fromText(WORLD, 'escape-world.yaml');
  const tools = toolRegistry(worldTools(state));
  const all = { ...BASE_LIMITS, ...limits };
  const report = await runPlan({
    plan: source,
    tools,
    gate: minimalGate,
    mode: 'strict',
    limits: all,
    userAddresses: state.userAddresses,
    contacts: [],
  });
  return { report, state, limits: all, toolNames: [...tools.keys()] };
}

/** Why a report does not match one expected outcome (null when it matches). */
function mismatch(o: Outcome, r: RunReport): string | null {
  const seen = `${r.status} ${r.error?.kind ?? ''} ${r.error?.limit ?? ''} ${JSON.stringify(r.error?.position ?? null)} ${
    r.status === 'completed' ? JSON.stringify(r.result) : (r.error?.fullMessage ?? '')
  }`;
  switch (o.kind) {
    case 'rejected':
      if (r.status !== 'failed' || r.error?.kind !== 'PlanRejected') return `not rejected: ${seen}`;
      if (r.error.position?.line !== o.line) return `rejected at the wrong line (want ${o.line}): ${seen}`;
      if (o.column !== undefined && r.error.position?.column !== o.column)
        return `rejected at the wrong column: ${seen}`;
      if (o.reason && !o.reason.test(r.error.fullMessage))
        return `rejected for another reason (want ${o.reason}): ${seen}`;
      return null;
    case 'failed':
      if (r.status !== 'failed' || r.error?.kind !== o.errorKind) return `not failed with ${o.errorKind}: ${seen}`;
      if (o.reason && !o.reason.test(r.error.fullMessage))
        return `failed for another reason (want ${o.reason}): ${seen}`;
      return null;
    case 'limit':
      if (r.status !== 'limit' || r.error?.kind !== 'LimitExceeded' || r.error.limit !== o.limit)
        return `not limit ${o.limit}: ${seen}`;
      return null;
    case 'completed': {
      if (r.status !== 'completed') return `not completed: ${seen}`;
      if (JSON.stringify(r.result) !== JSON.stringify(o.result)) return `completed with another result: ${seen}`;
      const missing = o.untrusted.filter((s) => !r.resultLabel?.untrusted.includes(s));
      if (missing.length)
        return `completed, but the result label lacks ${missing.join(', ')}: ${JSON.stringify(r.resultLabel)}`;
      return null;
    }
  }
}

// ---- the health checks run after every hostile plan ------------------------------------------

const BENIGN = `
const m = await getEmail('m1');
const o = {};
const a = [];
const f = () => 1;
const fresh = [o.polluted, a.polluted, 'x'.polluted, f.polluted, Object.keys(o).length, Object.keys(a).length];
const doubled = [1, 2, 3].map((x) => x * 2).join(',');
return { fresh, doubled, subject: m.subject, when: await now(), parsed: JSON.parse('{"a":[1,{"b":2}]}') };
`;

async function expectHealthy(): Promise<void> {
  const { report } = await run(BENIGN);
  expect(report.status, JSON.stringify(report.error)).toBe('completed');
  expect(report.result).toEqual({
    fresh: [null, null, null, null, 0, 0],
    doubled: '2,4,6',
    subject: 'Shipping update',
    when: expect.stringMatching(/^2026-04-06T08:30:00(\.000)?Z$/),
    parsed: { a: [1, { b: 2 }] },
  });
  expect(report.resultLabel?.untrusted).toContain('tool:getEmail:m1');
  expect(report.calls.map((c) => c.tool)).toEqual(['getEmail', 'now']);
}

const PROTOS: Record<string, object> = {
  Object: Object.prototype,
  Array: Array.prototype,
  Function: Function.prototype,
  String: String.prototype,
  Promise: Promise.prototype,
  Map: Map.prototype,
};
const protoKeys = (): Record<string, string[]> =>
  Object.fromEntries(Object.entries(PROTOS).map(([k, p]) => [k, Reflect.ownKeys(p).map(String).sort()]));
const HOST_PROTOS = protoKeys();

const EFFECT_TOOLS: Record<string, (s: WorldState) => number> = {
  createDraft: (s) => s.drafts.length,
  sendEmail: (s) => s.sent.length,
  replyToEmail: (s) => s.sent.length,
};

/** Invariants every hostile run must keep, whatever its expected outcome. */
async function expectWellFormed({ report, state, limits }: Run): Promise<void> {
  expect(['completed', 'failed', 'limit']).toContain(report.status);
  // A run that did not end on a limit did not secretly run past its step budget (in detached
  // jobs, in a finally, or while its error was being described).
  if (report.status !== 'limit')
    expect(report.stats.steps, `a ${report.status} run used more steps than its limit`).toBeLessThanOrEqual(
      limits.steps!,
    );
  if (report.status === 'completed') {
    expect(report.error).toBeNull();
  } else {
    expect(report.error).not.toBeNull();
    expect(report.error!.kind === 'LimitExceeded').toBe(report.status === 'limit');
    if (report.status === 'limit') expect(report.error!.limit).toBeDefined();
  }
  // No sanitizer in this world: nothing can be verified.
  expect(report.resultLabel?.verified).toBeUndefined();
  // Every effect on the world is accounted for by an executed call in the report.
  const effects = (): Record<string, number> =>
    Object.fromEntries(Object.entries(EFFECT_TOOLS).map(([t, f]) => [t, f(state)]));
  const executed = (tool: string): number =>
    report.calls.filter((c) => c.tool === tool && c.executed && !c.error).length;
  expect(effects().createDraft).toBe(executed('createDraft'));
  expect(effects().sendEmail).toBe(executed('sendEmail') + executed('replyToEmail'));
  // Nothing happens after the run returned: no late calls, no late effects.
  const before = { calls: JSON.stringify(report.calls), effects: effects() };
  await new Promise((resolve) => setTimeout(resolve, 30));
  expect({ calls: JSON.stringify(report.calls), effects: effects() }).toEqual(before);
  // No host prototype changed.
  expect(protoKeys()).toEqual(HOST_PROTOS);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

// ---- the suite ---------------------------------------------------------------------------------

const PLANS = loadPlans();

describe('sandbox escape plans', () => {
  it('has at least 45 hostile plans, each with an expectation', () => {
    expect(PLANS.length).toBeGreaterThanOrEqual(45);
    for (const p of PLANS) expect(p.outcomes.length, p.file).toBeGreaterThan(0);
  });

  it('the benign plan completes before any hostile plan runs', async () => {
    await expectHealthy();
  });

  for (const plan of PLANS) {
    it(`${plan.file}: ${plan.why}`, async () => {
      const r = await run(plan.source, plan.limits);
      const misses = plan.outcomes.map((o) => mismatch(o, r.report));
      expect(
        misses.some((m) => m === null),
        `${plan.file}:\n  ${misses.join('\n  ')}`,
      ).toBe(true);

      // The front end agrees with the run on refusals, at the same position.
      const rejected = plan.outcomes.find((o): o is Extract<Outcome, { kind: 'rejected' }> => o.kind === 'rejected');
      if (rejected && r.report.error?.kind === 'PlanRejected') {
        let thrown: unknown = null;
        try {
          compilePlan(plan.source, { mode: 'strict', toolNames: r.toolNames });
        } catch (e) {
          thrown = e;
        }
        expect(thrown).toBeInstanceOf(PlanRejected);
        expect((thrown as PlanRejected).position).toEqual(r.report.error.position);
      }

      if (plan.never) {
        // What a planner sees: the result and the (redacted) message; the full text is the user's.
        const shown = JSON.stringify([r.report.result, r.report.error?.message]);
        expect(shown, `${plan.file}: the run showed ${plan.never}`).not.toMatch(plan.never);
      }

      await expectWellFormed(r);
      await expectHealthy();
    });
  }
});
