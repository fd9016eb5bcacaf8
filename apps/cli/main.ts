/**
 * The `zamburak` command: drives the engine and the profile's services without any UI. Exit
 * codes: 0 success, 1 the plan failed / hit a limit / a check failed, 2 bad usage or a bad file
 * (message on stderr). Commands live in `commands/`, one module per group.
 */
import { setFlagsFromString } from 'node:v8';
import { InputError, parseArgs, UsageError } from './args';
import { COMMANDS } from './commands';

// The engine's QuickJS is WebAssembly: V8 runs it on baseline code at once and recompiles the
// busiest functions (the interpreter loop, the parser) with its optimising compiler once they
// have done a little work. In a command that lives a second that recompilation costs more than
// it saves (about half of a demo plan's CPU time). A thousand times the default budget keeps a
// short command on baseline code and still optimises a plan that computes for seconds. Set
// before any command loads the module.
setFlagsFromString('--wasm-tiering-budget=1800000000');

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
