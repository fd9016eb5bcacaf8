/**
 * Pairs of worlds that differ only in what the attacker wrote, for the red-team rounds'
 * properties: what anything trusted sees must be the same in both.
 * - The demo world under the default policy, with the attacker's email e33 at its usual place or
 *   dated so that it is the newest (first in every listing): what other mail does on its own.
 * - The laundering world (the attacker's email m1, everything else trusted) with two versions of
 *   m1's text: the trusted calls a plan makes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import {
  loadWorld,
  minimalGate,
  runPlan,
  simulate,
  toolRegistry,
  type Limits,
  type Mode,
  type RunReport,
} from '../../engine';
import { canonicalJson } from '../../engine/run/wire';
import { WorldState, worldTools } from '../../engine/world';

export const DEMO = join(process.cwd(), 'resources/demo-world.yaml');
export const DEMO_TEXT = readFileSync(DEMO, 'utf8');
const E33 = "subject: 'Shipping update: action required'\n    date: '2026-03-15T16:00:00Z'";
/** The same mailbox, the attacker's email dated so that it is the newest: first in a listing. */
export const E33_NEWEST = DEMO_TEXT.replace(E33, E33.replace('2026-03-15T16:00:00Z', '2026-03-16T09:00:00Z'));
/** The same mailbox, the attacker's email (e33) without the word plans look for ("customs"). */
export const E33_QUIET = DEMO_TEXT.replace('Your shipment is held at customs.', 'Your shipment has left the depot.');

export async function inDemo(plan: string, text: string, mode: Mode): Promise<RunReport> {
  const { report } = await simulate({ plan, world: loadWorld(text, DEMO), mode });
  return report;
}

/** What happened on its own to mail other than the attacker's: the allowed effects on it. */
export const quietEffects = (r: RunReport): string[] =>
  r.calls
    .filter((c) => c.decision === 'allow' && c.executed && c.args.id !== 'e33')
    .filter((c) => ['archiveEmail', 'markRead', 'labelEmail', 'moveEmail'].includes(c.tool))
    .map((c) => `${c.tool}(${canonicalJson(c.args)})`);

export const LAUNDERING = readFileSync(join(process.cwd(), 'test/fixtures/laundering-world.yaml'), 'utf8');
/** The same world with other attacker text in m1 (other lengths, first letters, numbers). */
export const LAUNDERING_OTHER = LAUNDERING.replace("subject: 'Urgent: zed@attacker.test'", "subject: 'b'").replace(
  /body: 'zed@attacker\.test needs[^\n]*/,
  `body: '{"n":123}'`,
);

/** The tools, gate and principals of a run over the laundering world. */
export const onLaundering = (state: WorldState) => ({
  tools: toolRegistry(worldTools(state)),
  gate: minimalGate,
  userAddresses: state.userAddresses,
  contacts: state.contacts.map((c) => c.email.toLowerCase()),
});

/** A plan run over a version of the laundering world's text (fast paths off on request). */
export const inLaunderingWorld = (plan: string, text: string, mode: Mode, noFastPaths = false): Promise<RunReport> =>
  runPlan({ plan, ...onLaundering(WorldState.fromText(text, 'laundering-world.yaml')), mode, noFastPaths });

/** Everything a run shows but its graph-node count (which the fast paths are allowed to change). */
export const shownRun = (r: RunReport): string =>
  JSON.stringify({
    status: r.status,
    error: r.error ? [r.error.kind, r.error.fullMessage] : null,
    result: r.result,
    parts: r.resultParts ?? null,
    calls: r.calls.map((c) => [c.tool, c.args, c.decision, c.trusted, c.sources, c.context, c.fields]),
  });

/**
 * `plan` after `const m = await getEmail('m1')`; with `tail`, followed by a send of `v` in a
 * trusted-looking call.
 */
export async function inLaundering(
  plan: string,
  text: string,
  mode: Mode,
  tail = true,
  limits: Partial<Limits> = {},
): Promise<RunReport> {
  const state = WorldState.fromText(text, 'laundering-world.yaml');
  const send = `\nawait sendEmail({ to: ['omar@northwind.test'], subject: JSON.stringify(v), body: 'x' });`;
  return runPlan({
    plan: `const m = await getEmail('m1');\n${plan}${tail ? send : ''}`,
    ...onLaundering(state),
    mode,
    limits,
  });
}

export const trustedView = (r: RunReport): string[] =>
  r.calls.filter((c) => c.trusted).map((c) => `${c.tool}(${canonicalJson(c.args)})`);

/** Each attempt, in STRICT: the two versions of the attacker's email give the same trusted calls. */
export function eachHeld(plans: readonly string[]): void {
  it.each(plans)('[strict] %s', async (plan) => {
    const [a, b] = await Promise.all([
      inLaundering(plan, LAUNDERING, 'strict'),
      inLaundering(plan, LAUNDERING_OTHER, 'strict'),
    ]);
    for (const r of [a, b]) expect(r.error?.kind, r.error?.fullMessage).not.toBe('PlanRejected');
    expect(trustedView(a), 'LEAK: a trusted call the attacker’s text changed').toEqual(trustedView(b));
  });
}
