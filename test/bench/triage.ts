/**
 * Triage throughput with the rule-based playbook (target ≥ 100 emails/s), next to the same
 * emails read through the engine with no classification (one getEmail per email in one plan):
 * what triage itself costs over the tool bridge.
 */
import { simulate } from '../../engine/run/simulate';
import { triageWorld } from '../../main/assistant/triage';
import { benchWorld } from './world';

export interface TriageBench {
  readonly emails: number;
  readonly perSecond: number;
  readonly baselinePerSecond: number;
}

export async function benchTriage(n = 320): Promise<TriageBench> {
  const world = benchWorld(n);
  const ids = world.emails.filter((e) => e.folder === 'INBOX').map((e) => e.id);
  let t0 = performance.now();
  const r = await triageWorld(world, { drafts: true });
  const triageMs = performance.now() - t0;
  t0 = performance.now();
  for (let i = 0; i < ids.length; i += 25)
    await simulate({
      plan: `const out = []; for (const id of input.ids) { const e = await getEmail(id); out.push(e.subject.length); } return out;`,
      world: benchWorld(n),
      input: { ids: ids.slice(i, i + 25) },
    });
  const readMs = performance.now() - t0;
  return {
    emails: r.emails.length,
    perSecond: Math.round(r.emails.length / (triageMs / 1000)),
    baselinePerSecond: Math.round(ids.length / (readMs / 1000)),
  };
}

export function printTriage(t: TriageBench): void {
  console.log(
    `triage (rule-based playbook): ${t.perSecond} emails/s over ${t.emails} emails ` +
      `(reading the same emails through the engine, no classification: ${t.baselinePerSecond}/s; target ≥ 100/s)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) printTriage(await benchTriage());
