/**
 * Policy test vectors that are whole plans: `plans:` in a vectors file. Each runs a plan against
 * a world file under the policy and checks the decision of one of its calls. Paths are relative
 * to the vectors file. (Synthetic calls with labels are the policy engine's: engine/policy.)
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parse } from 'yaml';
import * as z from 'zod';
import type { Policy, VectorRow } from '../../engine/policy';
import { loadWorld, simulate, InputError } from '../../engine/run/simulate';
import type { Json } from '../../engine/ifc/labeled-value';
import { readText } from './args';

const PlanVector = z.strictObject({
  name: z.string().min(1),
  plan: z.string().min(1),
  world: z.string().min(1),
  mode: z.enum(['strict', 'normal']).optional(),
  input: z.unknown().optional(),
  tool: z.string().min(1),
  /** Which call of that tool (1 = the first). */
  call: z.number().int().min(1).optional(),
  expect: z.strictObject({ decision: z.enum(['allow', 'deny', 'confirm', 'none']), rule: z.string().optional() }),
});

const PlanVectors = z.object({ plans: z.array(PlanVector).optional() });

export async function runPlanVectors(vectorsPath: string, text: string, policy: Policy): Promise<VectorRow[]> {
  const parsed = PlanVectors.safeParse(parse(text));
  if (!parsed.success)
    throw new InputError(
      parsed.error.issues.map((i) => `${vectorsPath}: plans.${i.path.join('.')}: ${i.message}`).join('\n'),
    );
  const rows: VectorRow[] = [];
  for (const v of parsed.data.plans ?? []) {
    const at = (p: string): string => resolve(dirname(vectorsPath), p);
    const read = (p: string, what: string): string => {
      if (!existsSync(at(p))) throw new InputError(`${vectorsPath}: ${v.name}: cannot read ${p}`);
      return readText(at(p), what);
    };
    const { report } = await simulate({
      plan: read(v.plan, 'plan'),
      world: loadWorld(read(v.world, 'world'), v.world),
      policy,
      mode: v.mode,
      input: v.input as Json | undefined,
    });
    const c = report.calls.filter((x) => x.tool === v.tool)[(v.call ?? 1) - 1];
    const got: string = c?.decision ?? 'none';
    const pass = got === v.expect.decision && (v.expect.rule === undefined || v.expect.rule === c?.rule);
    rows.push({
      name: v.name,
      tool: v.tool,
      expected: v.expect.decision === 'none' ? 'deny' : v.expect.decision,
      ...(v.expect.rule !== undefined ? { expectedRule: v.expect.rule } : {}),
      got: c?.decision ?? 'deny',
      rule: c?.rule ?? `(no ${v.tool} call: ${report.error?.kind ?? report.status})`,
      reasons: c?.reasons ?? [],
      pass,
    });
  }
  return rows;
}
