import { presetPolicy } from '../../../engine/policy';
import { loadPolicyFile, loadWorld, simulate } from '../../../engine/run/simulate';
import type { Json } from '../../../engine/ifc/labeled-value';
import { readText, str, UsageError, type Parsed } from '../args';
import { runOnProfile } from '../../../main/runs/run-on-profile';
import { withProfile } from '../profile-arg';
import { renderHuman, renderReport } from '../report';
import type { Command } from './types';

/** `--input JSON`: the request's parameters (source `user`). */
export function parseInput(p: Parsed): Json | undefined {
  const inputText = str(p, '--input');
  if (inputText === undefined) return undefined;
  try {
    return JSON.parse(inputText) as Json;
  } catch (e) {
    throw new UsageError(`--input is not valid JSON: ${(e as Error).message}`);
  }
}

export function parseMode(p: Parsed): 'strict' | 'normal' {
  const mode = str(p, '--mode') ?? 'strict';
  if (mode !== 'strict' && mode !== 'normal') throw new UsageError(`--mode must be strict or normal, not "${mode}"`);
  return mode;
}

export const runCommand: Command = {
  name: 'run',
  help: `  zamburak run PLAN (--world WORLD | --profile DIR) [--policy FILE] [--mode strict|normal] [--input JSON] [--json]
      Run a plan program against a simulated world, or over a profile (recorded and audited;
      confirmations become claims), under a policy (default: the "default" preset, or the
      profile's policy). --json prints the report of contracts.md; exit 0 completed, 1 failed or limit.`,
  valueFlags: ['--world', '--policy', '--mode', '--input', '--profile'],
  boolFlags: ['--json'],
  async run(p) {
    const [planPath, more] = p.positional;
    if (!planPath || more) throw new UsageError('run takes exactly one PLAN file');
    const worldPath = str(p, '--world');
    const onProfile = p.flags.has('--profile') || (!worldPath && process.env.ZAMBURAK_PROFILE !== undefined);
    if (!worldPath && !onProfile) throw new UsageError('run needs --world WORLD or --profile DIR');
    if (worldPath && p.flags.has('--profile')) throw new UsageError('run takes --world or --profile, not both');
    const mode = parseMode(p);
    const input = parseInput(p);
    const plan = readText(planPath, 'plan');
    const policyPath = str(p, '--policy');
    const filePolicy = policyPath ? loadPolicyFile(readText(policyPath, 'policy'), policyPath) : undefined;
    const { report, effects, extra } = worldPath
      ? {
          ...(await simulate({
            plan,
            world: loadWorld(readText(worldPath, 'world'), worldPath),
            policy: filePolicy ?? presetPolicy('default'),
            mode,
            input,
          })),
          extra: {},
        }
      : await withProfile(p, async (profile) => {
          const r = await runOnProfile(profile, {
            plan,
            mode,
            ...(input !== undefined ? { input } : {}),
            ...(filePolicy ? { policy: filePolicy } : {}),
          });
          return { report: r.report, effects: r.effects, extra: { runId: r.runId, receipt: r.receipt } };
        });
    if (p.flags.has('--json'))
      process.stdout.write(JSON.stringify({ ...renderReport(report, effects), ...extra }) + '\n');
    else process.stdout.write(renderHuman(report, effects));
    return report.status === 'completed' ? 0 : 1;
  },
};
