/**
 * Runs an attacker's plan in the laundering world (test/fixtures/laundering-world.yaml: the
 * attacker's email m1, a colleague's private m2, an outsider's event ev9) with the world's
 * tools and the sanitizers, behind `minimalGate` unless a suite passes a gate of its own. The
 * laundering, round-4 red-team and world-state suites share it, so each says only what it
 * expects of the calls that leave.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  minimalGate,
  runPlan,
  toolRegistry,
  type CallRecord,
  type Gate,
  type Mode,
  type RunReport,
  type ToolSpec,
} from '../../engine';
import { sanitizerTools } from '../../engine/sanitizers';
import { WorldState, worldTools } from '../../engine/world';

const WORLD_NAME = 'laundering-world.yaml';
const WORLD_TEXT = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', WORLD_NAME), 'utf8');

/** Tools through which data leaves the user's hands (contracts.md), and the destructive one. */
export const EGRESS: ReadonlySet<string> = new Set([
  'sendEmail',
  'replyToEmail',
  'createEvent',
  'respondToEvent',
  'deleteEmail',
]);

export interface LaunderingRun {
  readonly report: RunReport;
  /** The world after the run: what the plan created or changed in it. */
  readonly state: WorldState;
}

export async function runInLaunderingWorld(
  plan: string,
  mode: Mode,
  o: { gate?: Gate; sanitizers?: boolean; from?: WorldState } = {},
): Promise<LaunderingRun> {
  const state = o.from ?? WorldState.fromText(WORLD_TEXT, WORLD_NAME);
  const contacts = state.contacts.map((c) => c.email.toLowerCase());
  const sanitizers = sanitizerTools({
    userAddresses: state.userAddresses,
    contacts,
    recipientPatterns: [],
    urlPatterns: [],
  });
  // The sanitizer specs are typed by their own argument shapes; the registry holds them erased.
  const specs = [
    ...worldTools(state),
    ...(o.sanitizers === false ? [] : [sanitizers.verifyEmailAddress, sanitizers.verifyUrl, sanitizers.verifyAmount]),
  ] as unknown as ToolSpec[];
  const report = await runPlan({
    plan,
    tools: toolRegistry(specs),
    gate: o.gate ?? minimalGate,
    mode,
    userAddresses: state.userAddresses,
    contacts,
  });
  return { report, state };
}

export const egressCalls = (r: RunReport): CallRecord[] => r.calls.filter((c) => EGRESS.has(c.tool));

/** For a failure message: how the run ended and every call with its decision and sources. */
export function describeCalls(r: RunReport): string {
  const error = r.error
    ? ` — ${r.error.kind}: ${r.error.fullMessage}${r.error.position ? ` at ${r.error.position.line}:${r.error.position.column}` : ''}`
    : '';
  const calls = r.calls.map(
    (c) =>
      `  #${c.seq} ${c.tool} → ${c.decision} (${c.rule}) sources=[${c.sources.join(', ')}] context=[${c.context.sources.join(', ')}] args=${JSON.stringify(c.args).slice(0, 200)}`,
  );
  return [`status: ${r.status}${error}`, 'calls:', ...(calls.length > 0 ? calls : ['  (none)'])].join('\n');
}
