/**
 * The differential property (docs/semantics.md, "The reference monitor and the differential
 * test"): a run of the engine and a run of the reference monitor of the same plan, over equal
 * copies of the same world with the same gate, must give the same outcome and result, make the
 * same calls in the same order, and label every call (its arguments and its control context) and
 * the result at least as restrictively as the reference does. Shared by the vitest suite and
 * `npm run fuzz`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  joinLabels,
  minimalGate,
  runPlan,
  toolRegistry,
  type Label,
  type RunReport,
  type ToolSpec,
} from '../../../engine';
import { deepLabel, leavesOf, type Json } from '../../../engine/ifc/labeled-value';
import { presetPolicy } from '../../../engine/policy';
import { referenceRun, type ReferenceReport } from '../../../engine/reference';
import { canonicalJson } from '../../../engine/run/wire';
import { worldRunSetup, type WorldRunSetup } from '../../../engine/run/simulate';
import type { Mode } from '../../../engine/run/types';
import { sanitizerTools } from '../../../engine/sanitizers';
import { parseWorld, WorldState, worldTools, type World } from '../../../engine/world';

const ROOT = process.cwd();

export function loadWorldFile(path: string): World {
  const r = parseWorld(readFileSync(join(ROOT, path), 'utf8'), path);
  if (!r.ok) throw new Error(`${path}: bad world`);
  return r.world;
}

export const plansIn = (dir: string): { name: string; text: string }[] =>
  readdirSync(join(ROOT, dir))
    .filter((f) => f.endsWith('.js'))
    .sort()
    .map((f) => ({ name: `${dir}/${f}`, text: readFileSync(join(ROOT, dir, f), 'utf8') }));

/** How a suite runs its plans: minimalGate without a firewall, or the default policy. */
export type Setting = 'minimal' | 'default';

/** A fresh world for one run (WorldState copies it deeply; nothing a run writes is shared). */
function setup(setting: Setting, world: World): WorldRunSetup {
  const state = new WorldState(world);
  if (setting === 'default') return worldRunSetup({ world: state, policy: presetPolicy('default') });
  const contacts = state.contacts.map((c) => c.email);
  const s = sanitizerTools({ userAddresses: state.userAddresses, contacts, recipientPatterns: [], urlPatterns: [] });
  const tools = toolRegistry([...worldTools(state), s.verifyEmailAddress, s.verifyUrl, s.verifyAmount] as ToolSpec[]);
  return { tools, gate: minimalGate, userAddresses: state.userAddresses, contacts };
}

export interface Pair {
  readonly fast: RunReport;
  readonly ref: ReferenceReport;
}

/** Runs a plan on both, each over its own fresh copy of the world (`wallMs`: each run's budget). */
export async function runBoth(
  plan: string,
  world: World,
  setting: Setting,
  mode: Mode,
  input?: Json,
  wallMs = 10_000,
): Promise<Pair> {
  const fast = await runPlan({ ...setup(setting, world), plan, mode, input, limits: { wallMs } });
  const ref = await referenceRun({ ...setup(setting, world), plan, mode, input, wallMs });
  return { fast, ref };
}

const RANK = { allow: 0, confirm: 1, deny: 2 } as const;

/** What `fast` misses of `ref` (sources ⊇, readers ⊆, caps ⊇, trusted only if ref is), or null. */
export function weaker(fast: Label, ref: Label): string | null {
  const out: string[] = [];
  const fs = new Set(fast.sources);
  const lostSources = ref.sources.filter((s) => !fs.has(s));
  if (lostSources.length) out.push(`sources lack ${lostSources.join(', ')}`);
  if (fast.untrusted.length === 0 && ref.untrusted.length > 0) out.push(`trusted, the reference says untrusted`);
  if (ref.readers !== 'public') {
    const rr = new Set(ref.readers);
    const extra = fast.readers === 'public' ? ['public'] : fast.readers.filter((r) => !rr.has(r));
    if (extra.length) out.push(`readers include ${extra.join(', ')}`);
  }
  const fc = new Set(fast.caps);
  const lostCaps = ref.caps.filter((c) => !fc.has(c));
  if (lostCaps.length) out.push(`caps lack ${lostCaps.join(', ')}`);
  return out.length ? out.join('; ') : null;
}

/**
 * Suite plans whose values the engine (QuickJS) and the reference (V8) compute differently by
 * design (semantics.md §8): compared on labels only, here and in `npm run fuzz`.
 */
export const IMPLEMENTATION_DEFINED: Readonly<Record<string, string>> = {
  'test/security/laundering/plans/042-error-message-data.js': 'error message text',
  'test/security/laundering/plans/273-field-comparator-native-throw-message.js': 'error message text',
  'test/security/laundering/plans/104-sort-comparator-oracle.js': 'order from an inconsistent comparator',
  'test/security/laundering/plans/304-native-conversion-of-container-in-builtins.js':
    'order from an inconsistent comparator',
  'test/security/laundering/plans/142-localecompare-split-sep.js': 'localeCompare magnitude',
};

/**
 * Every discrepancy between the two runs, in words; empty when the property holds. `values:
 * false` compares labels only, for plans whose values are implementation-defined (error message
 * texts, `localeCompare`'s magnitude, the order an inconsistent comparator gives).
 */
export function discrepancies({ fast, ref }: Pair, values = true): string[] {
  const out: string[] = [];
  const n = Math.min(fast.calls.length, ref.calls.length);
  for (let i = 0; i < n; i++) {
    const f = fast.calls[i]!;
    const r = ref.calls[i]!;
    const where = `call ${i + 1} (${r.tool})`;
    if (f.tool !== r.tool || (values && canonicalJson(f.args) !== canonicalJson(r.args))) {
      out.push(
        `${where}: the engine called ${f.tool}(${canonicalJson(f.args)}), the reference ${r.tool}(${canonicalJson(r.args)})`,
      );
      return out;
    }
    const fastArgs = joinLabels(f.context, ...f.fields.map((x) => ({ ...x, sources: [] })));
    const refArgs = joinLabels(
      r.context,
      ...Object.entries(r.named).flatMap(([k, v]) => leavesOf(v, k).map((x) => x.label)),
    );
    // Sources and trust of the whole call (empty containers included) come from the record itself.
    const fastAll: Label = {
      ...fastArgs,
      sources: f.sources.filter((s) => s !== 'plan'),
      untrusted: f.trusted ? [] : f.sources.filter((s) => s !== 'plan'),
    };
    const refSources = joinLabels(r.context, ...Object.values(r.named).map(deepLabel));
    const w = weaker(fastAll, { ...refArgs, sources: refSources.sources, untrusted: refSources.untrusted });
    if (w) out.push(`${where}: arguments and context ${w}`);
    const wc = weaker(f.context, r.context);
    if (wc) out.push(`${where}: control context ${wc}`);
    if (RANK[f.decision] < RANK[r.decision])
      out.push(`${where}: the engine decided ${f.decision}, the reference ${r.decision}`);
    if (f.decision !== r.decision) return out; // the runs may rightly part here
  }
  // A limit ends a run wherever it strikes (the engine and the reference count differently).
  if (fast.status === 'limit' || ref.status === 'limit') return out;
  if (fast.calls.length !== ref.calls.length)
    out.push(`the engine made ${fast.calls.length} calls, the reference ${ref.calls.length}`);
  if (fast.status !== ref.status) {
    out.push(
      `the engine ${describe(fast.status, fast.error?.kind, fast.error?.message)}, the reference ${describe(ref.status, ref.error?.kind, ref.error?.message)}`,
    );
    return out;
  }
  if (fast.status === 'completed') {
    if (values && canonicalJson(fast.result) !== canonicalJson(ref.result))
      out.push(`result: the engine ${canonicalJson(fast.result)}, the reference ${canonicalJson(ref.result)}`);
    else if (fast.resultLabel && ref.resultLabel) {
      const w = weaker(fast.resultLabel, ref.resultLabel);
      if (w) out.push(`result label ${w}`);
    }
  }
  return out;
}

const describe = (status: string, kind?: string, message?: string): string =>
  status === 'completed' ? 'completed' : `${status} (${kind}: ${message})`;
