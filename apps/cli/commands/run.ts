import { presetPolicy } from '../../../engine/policy';
import { loadPolicyFile, loadWorld, simulate } from '../../../engine/run/simulate';
import type { Json } from '../../../engine/ifc/labeled-value';
import { readText, str, UsageError, type Parsed } from '../args';
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
  help: `  zamburak run PLAN --world WORLD [--policy FILE] [--mode strict|normal] [--input JSON] [--json]
      Run a plan program against a simulated world under a policy (default: the "default"
      preset). --json prints the report of contracts.md; exit 0 completed, 1 failed or limit.`,
  valueFlags: ['--world', '--policy', '--mode', '--input'],
  boolFlags: ['--json'],
  async run(p) {
    const [planPath, extra] = p.positional;
    if (!planPath || extra) throw new UsageError('run takes exactly one PLAN file');
    const worldPath = str(p, '--world');
    if (!worldPath) throw new UsageError('run needs --world WORLD');
    const mode = parseMode(p);
    const input = parseInput(p);
    const plan = readText(planPath, 'plan');
    const world = loadWorld(readText(worldPath, 'world'), worldPath);
    const policyPath = str(p, '--policy');
    const policy = policyPath ? loadPolicyFile(readText(policyPath, 'policy'), policyPath) : presetPolicy('default');
    const { report, effects } = await simulate({ plan, world, policy, mode, input });
    if (p.flags.has('--json')) process.stdout.write(JSON.stringify(renderReport(report, effects)) + '\n');
    else process.stdout.write(renderHuman(report, effects));
    return report.status === 'completed' ? 0 : 1;
  },
};
