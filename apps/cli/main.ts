/**
 * The `zamburak` command: drives the engine without any UI. Exit codes: 0 success, 1 the plan
 * failed / hit a limit / a check failed, 2 bad usage or a bad file (message on stderr).
 */
import { readFileSync } from 'node:fs';
import { formatVectorRows, loadPolicy, presetPolicy, runVectors } from '../../engine/policy';
import { InputError, loadPolicyFile, loadWorld, simulate } from '../../engine/run/simulate';
import type { Json } from '../../engine/ifc/labeled-value';
import { runPlanVectors } from './plan-vectors';
import { renderReport, renderHuman } from './report';

const HELP = `zamburak — the governed plan engine of Zamburak, from the command line

Usage:
  zamburak run PLAN --world WORLD [--policy FILE] [--mode strict|normal] [--input JSON] [--json]
      Run a plan program against a simulated world under a policy (default: the "default"
      preset). --json prints the report of contracts.md; exit 0 completed, 1 failed or limit.
  zamburak validate POLICY
      Check a policy file: exit 0, or 1 with file:line:col: message lines.
  zamburak test-policy VECTORS --policy POLICY
      Run policy test vectors; prints a table and the number of failures (exit 1 if any).
  zamburak audit list|show|verify --db FILE
      Query and verify the audit log (arrives with the app's store).
  zamburak serve
      The browser host of the app (arrives with the UI).
  zamburak --help
`;

class UsageError extends Error {}

interface Parsed {
  readonly positional: string[];
  readonly flags: Map<string, string | true>;
}

const VALUE_FLAGS = new Set(['--world', '--policy', '--mode', '--input', '--db']);
const BOOL_FLAGS = new Set(['--json', '--help', '-h']);

function parseArgs(argv: readonly string[]): Parsed {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('-')) {
      const [name, inline] = a.includes('=')
        ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]
        : [a, undefined];
      if (VALUE_FLAGS.has(name)) {
        const v = inline ?? argv[++i];
        if (v === undefined) throw new UsageError(`${name} needs a value`);
        flags.set(name, v);
      } else if (BOOL_FLAGS.has(name)) flags.set(name, true);
      else throw new UsageError(`unknown option ${name}`);
    } else positional.push(a);
  }
  return { positional, flags };
}

function readText(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw new InputError(
      `cannot read the ${what} file ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
}

const str = (p: Parsed, name: string): string | undefined => {
  const v = p.flags.get(name);
  return typeof v === 'string' ? v : undefined;
};

async function run(p: Parsed): Promise<number> {
  const [planPath, extra] = p.positional;
  if (!planPath || extra) throw new UsageError('run takes exactly one PLAN file');
  const worldPath = str(p, '--world');
  if (!worldPath) throw new UsageError('run needs --world WORLD');
  const mode = str(p, '--mode') ?? 'strict';
  if (mode !== 'strict' && mode !== 'normal') throw new UsageError(`--mode must be strict or normal, not "${mode}"`);
  let input: Json | undefined;
  const inputText = str(p, '--input');
  if (inputText !== undefined) {
    try {
      input = JSON.parse(inputText) as Json;
    } catch (e) {
      throw new UsageError(`--input is not valid JSON: ${(e as Error).message}`);
    }
  }
  const plan = readText(planPath, 'plan');
  const world = loadWorld(readText(worldPath, 'world'), worldPath);
  const policyPath = str(p, '--policy');
  const policy = policyPath ? loadPolicyFile(readText(policyPath, 'policy'), policyPath) : presetPolicy('default');
  const { report, effects } = await simulate({ plan, world, policy, mode, input });
  if (p.flags.has('--json')) process.stdout.write(JSON.stringify(renderReport(report, effects)) + '\n');
  else process.stdout.write(renderHuman(report, effects));
  return report.status === 'completed' ? 0 : 1;
}

function validate(p: Parsed): number {
  const [path, extra] = p.positional;
  if (!path || extra) throw new UsageError('validate takes exactly one POLICY file');
  const r = loadPolicy(readText(path, 'policy'));
  if (r.ok) {
    process.stdout.write(`${path}: ok (${r.policy.rules.length} rules)\n`);
    return 0;
  }
  for (const e of r.errors) process.stdout.write(`${path}:${e.line}:${e.column}: ${e.message}\n`);
  return 1;
}

async function testPolicy(p: Parsed): Promise<number> {
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
}

async function main(argv: readonly string[]): Promise<number> {
  const p = parseArgs(argv);
  const [cmd, ...rest] = p.positional;
  if (!cmd || p.flags.has('--help') || p.flags.has('-h')) {
    process.stdout.write(HELP);
    return cmd || p.flags.size ? 0 : 2;
  }
  const sub: Parsed = { positional: rest, flags: p.flags };
  switch (cmd) {
    case 'run':
      return run(sub);
    case 'validate':
      return validate(sub);
    case 'test-policy':
      return testPolicy(sub);
    case 'audit':
    case 'serve':
      process.stderr.write(
        `zamburak ${cmd}: not available yet in this version (it arrives with the app's store and UI)\n`,
      );
      return 2;
    default:
      throw new UsageError(`unknown command "${cmd}"`);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    if (e instanceof UsageError) process.stderr.write(`zamburak: ${e.message}\n\n${HELP}`);
    else if (e instanceof InputError) process.stderr.write(`${e.message}\n`);
    else process.stderr.write(`zamburak: internal error: ${(e as Error).stack ?? String(e)}\n`);
    process.exitCode = 2;
  },
);
