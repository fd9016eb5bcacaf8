import { presetPolicy } from '../../../engine/policy';
import { loadPolicyFile, simulate } from '../../../engine/run/simulate';
import type { Json } from '../../../engine/ifc/labeled-value';
import { readText, str, UsageError, type Parsed } from '../args';
import { renderHuman, renderReport } from '../report';
import { worldFile } from '../world-arg';
import type { ProfileRunRequest } from '../../../main/runs/run-on-profile';
import type { Command } from './types';
import { runSpec } from './specs';

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

/**
 * A run over the profile, recorded and audited. Its modules (SQLite, the mail and LLM services) are
 * imported here, so a run against a world file never loads them.
 */
async function runOverProfile(p: Parsed, req: ProfileRunRequest) {
  const [{ withProfile }, { runOnProfile }] = await Promise.all([
    import('../profile-arg'),
    import('../../../main/runs/run-on-profile'),
  ]);
  return withProfile(p, async (profile) => {
    const r = await runOnProfile(profile, req);
    return { report: r.report, effects: r.effects, extra: { runId: r.runId, receipt: r.receipt } };
  });
}

export const runCommand: Command = {
  ...runSpec,
  async run(p) {
    const [planPath, more] = p.positional;
    if (!planPath || more) throw new UsageError('run takes exactly one PLAN file');
    const worldPath = str(p, '--world');
    // An empty ZAMBURAK_PROFILE names no profile, as main/profile/paths.ts reads it.
    const onProfile = p.flags.has('--profile') || (!worldPath && !!process.env.ZAMBURAK_PROFILE);
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
            world: worldFile(worldPath),
            policy: filePolicy ?? presetPolicy('default'),
            mode,
            input,
          })),
          extra: {},
        }
      : await runOverProfile(p, {
          plan,
          mode,
          ...(input !== undefined ? { input } : {}),
          ...(filePolicy ? { policy: filePolicy } : {}),
        });
    if (p.flags.has('--json'))
      process.stdout.write(JSON.stringify({ ...renderReport(report, effects), ...extra }) + '\n');
    else process.stdout.write(renderHuman(report, effects));
    return report.status === 'completed' ? 0 : 1;
  },
};
