/**
 * Round 23, ideas 76-78: a run that follows, in the same QuickJS slot, a run over another email
 * world (engine/sandbox/quickjs.ts `Slot`: the module's memory put back to an image after every
 * run; a plan that comes back gets an image with its code evaluated; a label runtime made ahead in
 * idle time for a run without input). Whatever the run before read, built, labeled or left half
 * done (a limit, a failure), the run after it shows exactly what it shows in a module of its own:
 * its calls, labels, result, and the counts of its steps, graph nodes and labels. Held.
 */
import { describe, expect, it } from 'vitest';
import { runPlan, type Mode, type RunReport } from '../../../engine';
import { WorldState } from '../../../engine/world';
import { LAUNDERING, LAUNDERING_OTHER, onLaundering } from '../two-worlds';

const shown = (r: RunReport): string =>
  JSON.stringify({
    status: r.status,
    error: r.error ? [r.error.kind, r.error.fullMessage] : null,
    result: r.result,
    calls: r.calls.map((c) => [c.tool, c.args, c.decision, c.trusted, c.sources, c.context, c.fields]),
    stats: [r.stats.steps, r.stats.graphNodes, r.stats.labels],
  });

const run = (plan: string, text: string, mode: Mode, freshModule: boolean): Promise<RunReport> =>
  runPlan({
    plan,
    ...onLaundering(WorldState.fromText(text, 'laundering-world.yaml')),
    mode,
    freshModule,
    limits: { steps: 20_000 },
  });

const SEND = "\nawait sendEmail({ to: ['omar@northwind.test'], subject: String(v), body: 'x' });";
/** Plans that read the attacker's email and build labels from it, ending in different ways. */
const PLANS: Record<string, string> = {
  '76 words of the attacker’s text in a Map, then a send': `const m = await getEmail('m1'); const c = new Map(); for (const w of m.body.split(' ')) c.set(w, (c.get(w) ?? 0) + 1); const v = c.size > 0 ? 1 : 0;${SEND}`,
  '77 a listing’s item stretch, then a send of a constant': `const xs = await listEmails({ limit: 10 }); let v = 0; for (const x of xs) { const i = x.from.indexOf('@'); const d = x.from.slice(i + 1).toLowerCase(); v = d.length > 0 ? 1 : v; }${SEND}`,
  '78 a run that ends at its step limit': `const m = await getEmail('m1'); let n = 0; while (m.subject.length > 0) n++;`,
};

describe('red team round 23: a run after another world’s run in the same slot', () => {
  for (const mode of ['strict', 'normal'] as const)
    for (const [name, plan] of Object.entries(PLANS))
      it(`[${mode}] ${name}`, async () => {
        const alone = await run(plan, LAUNDERING_OTHER, mode, true);
        // In turn in the shared slot: the attacker's world, then the other, then (the plan's own
        // image now) both again, and every plan of this file between them.
        const after: RunReport[] = [];
        for (const [p, text] of [
          [plan, LAUNDERING],
          [plan, LAUNDERING_OTHER],
          ...Object.values(PLANS).map((q) => [q, LAUNDERING] as const),
          [plan, LAUNDERING],
          [plan, LAUNDERING_OTHER],
        ] as const) {
          const r = await run(p, text, mode, false);
          if (text === LAUNDERING_OTHER && p === plan) after.push(r);
          await new Promise((done) => setImmediate(done));
        }
        for (const r of after) expect(shown(r), 'a run saw the run before it').toBe(shown(alone));
      });
});
