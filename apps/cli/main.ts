/**
 * The `zamburak` command: drives the engine and the profile's services without any UI. Exit
 * codes: 0 success, 1 the plan failed / hit a limit / a check failed, 2 bad usage or a bad file
 * (message on stderr). Commands live in `commands/`, one module per group.
 */
import { setFlagsFromString } from 'node:v8';
import { InputError, parseArgs, UsageError } from './args';
import { COMMANDS } from './commands';

// A command lives about a second, and most of its code runs once (parsing a world, a policy, the
// label runtime). V8 recompiles code that has run a little with its optimising compilers, on
// background threads, and that recompilation costs more than it saves in so short a life: half
// of a demo plan's CPU time on a busy 2-core machine. Larger budgets before V8 optimises
// JavaScript (×20) and QuickJS's WebAssembly (×1000: its interpreter loop and parser are very
// hot and very large) keep a short command on baseline code; work that goes on for seconds
// (a long plan, `serve`, a big sync) still gets optimised. A regular expression is compiled
// once, to machine code, instead of to bytecode first and again when it has run once: the
// firewall's patterns run over every tool output, and compiling each twice took a third of the
// first scan. Set before any command loads code.
setFlagsFromString('--interrupt-budget=1351680');
setFlagsFromString('--wasm-tiering-budget=1800000000');
setFlagsFromString('--no-regexp-tier-up');

const HELP = `zamburak — Zamburak from the command line

Usage:
${COMMANDS.map((c) => c.help).join('\n')}
  zamburak --help
`;

async function main(argv: readonly string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  if (cmd === undefined || cmd === '--help' || cmd === '-h' || cmd === 'help') {
    process.stdout.write(HELP);
    return cmd === undefined ? 2 : 0;
  }
  const command = COMMANDS.find((c) => c.name === cmd);
  if (!command) throw new UsageError(`unknown command "${cmd}"`);
  if (command.anyArgs) return (await command.load()).run({ positional: rest, flags: new Map() });
  const p = parseArgs(rest, {
    values: new Set(command.valueFlags ?? []),
    bools: new Set([...(command.boolFlags ?? []), '--help', '-h']),
  });
  if (p.flags.has('--help') || p.flags.has('-h')) {
    process.stdout.write(`Usage:\n${command.help}\n`);
    return 0;
  }
  return (await command.load()).run(p);
}

// A reader that stops reading (`zamburak … | head`) is not our error: the command still finishes
// what it does (a send waiting out its undo window, a commit), it just stops printing.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code !== 'EPIPE') throw e;
});

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
