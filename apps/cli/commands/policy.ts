import { BUILTIN_TOOLS, formatVectorRows, loadPolicy, presetPolicy, runVectors } from '../../../engine/policy';
import { loadPolicyFile } from '../../../engine/run/simulate';
import { InputError, readText, str, UsageError } from '../args';
import { runPlanVectors } from '../plan-vectors';
import type { Command } from './types';
import { validateSpec, testPolicySpec } from './specs';

export const validateCommand: Command = {
  ...validateSpec,
  run(p) {
    const [path, extra] = p.positional;
    if (!path || extra) throw new UsageError('validate takes exactly one POLICY file');
    const r = loadPolicy(readText(path, 'policy'), { knownTools: BUILTIN_TOOLS });
    if (r.ok) {
      process.stdout.write(`${path}: ok (${r.policy.rules.length} rules)\n`);
      return 0;
    }
    for (const e of r.errors) process.stdout.write(`${path}:${e.line}:${e.column}: ${e.message}\n`);
    return 1;
  },
};

export const testPolicyCommand: Command = {
  ...testPolicySpec,
  async run(p) {
    const [path, extra] = p.positional;
    if (!path || extra) throw new UsageError('test-policy takes exactly one VECTORS file');
    const policyPath = str(p, '--policy');
    const policy = policyPath ? loadPolicyFile(readText(policyPath, 'policy'), policyPath) : presetPolicy('default');
    const text = readText(path, 'vectors');
    const r = runVectors(policy, text);
    if (!r.ok) throw new InputError(r.errors.map((e) => `${path}:${e.line}:${e.column}: ${e.message}`).join('\n'));
    // Synthetic calls first, then whole plans (`plans:`), in one table.
    const rows = [...r.rows, ...(await runPlanVectors(path, text, policy))];
    // The table ends with the "N passed, N failed" line.
    process.stdout.write(formatVectorRows(rows) + '\n');
    return rows.some((row) => !row.pass) ? 1 : 0;
  },
};
