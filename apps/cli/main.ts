/**
 * The `zamburak` command: drives the engine and the profile's services without any UI. Exit
 * codes: 0 success, 1 the plan failed / hit a limit / a check failed / the profile is paused (with
 * `--json`, also a JSON error on stdout), 2 bad usage, a bad file or an id the profile does not
 * have (message on stderr). Commands live in `commands/`, one module per group.
 */
import { setFlagsFromString } from 'node:v8';
import { InputError, parseArgs, Refused, refusalJson, UsageError } from './args';
import { COMMANDS } from './commands';
import type { Command, ListedCommand } from './commands/types';
import { writeInert } from './terminal';

/**
 * V8 tuned for a command that lives a second or two, set before the command starts work. V8
 * recompiles code that has run a little with its optimising compilers, on background threads,
 * and a process waits for those compilations before it exits; in so short a life they cost more
 * than they save (more than half of a demo plan's CPU time on a busy 2-core machine):
 * - JavaScript is optimised after 20 times the usual budget: most of a command's code (parsing a
 *   world, a policy) runs once; what runs for seconds (a big sync) is still optimised;
 * - the engine's QuickJS (WebAssembly) stays on baseline code: its interpreter loop is so large
 *   that optimising it takes longer than the whole run. A plan that computes for more than about
 *   a second runs up to twice as slow as optimised; the step limit bounds that far below the
 *   time limit;
 * - a regular expression is compiled once, to machine code, not to bytecode first and again when
 *   it has run once (the firewall's patterns run over every tool output).
 * A command that stays running (`serve`) keeps V8's defaults.
 */
function tuneForShortLife(): void {
  setFlagsFromString('--interrupt-budget=1351680');
  setFlagsFromString('--liftoff-only');
  setFlagsFromString('--no-regexp-tier-up');
}

/**
 * The command's module, with V8 tuned for it. The flags are set once its code is loaded: Node's
 * own modules come with compiled code that V8 uses only while its flags are the ones it was
 * compiled under, and the command's imports load many of them.
 */
async function loaded(command: ListedCommand): Promise<Command> {
  const c = await command.load();
  if (!command.staysRunning) tuneForShortLife();
  return c;
}

const HELP = `zamburak — Zamburak from the command line

Usage:
${COMMANDS.map((c) => c.help).join('\n')}
  zamburak --help
`;

/** The usage a mistake is shown with: its command's lines (the message stays in sight), else all. */
function usageOf(cmd: string | undefined): string {
  const command = COMMANDS.find((c) => c.name === cmd);
  return command ? `Usage:\n${command.help}\n  zamburak --help   (every command)\n` : HELP;
}

async function main(argv: readonly string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  if (cmd === undefined || cmd === '--help' || cmd === '-h' || cmd === 'help') {
    process.stdout.write(HELP);
    return cmd === undefined ? 2 : 0;
  }
  const command = COMMANDS.find((c) => c.name === cmd);
  if (!command) throw new UsageError(`unknown command "${cmd}"`);
  if (command.anyArgs) return (await loaded(command)).run({ positional: rest, flags: new Map() });
  const p = parseArgs(rest, {
    values: new Set(command.valueFlags ?? []),
    bools: new Set([...(command.boolFlags ?? []), '--help', '-h']),
  });
  if (p.flags.has('--help') || p.flags.has('-h')) {
    process.stdout.write(`Usage:\n${command.help}\n`);
    return 0;
  }
  try {
    return await (await loaded(command)).run(p);
  } catch (e) {
    if (e instanceof Refused && p.flags.has('--json')) process.stdout.write(JSON.stringify(refusalJson(e)) + '\n');
    throw e;
  }
}

// Text from mail reaches the terminal: no control character in it is acted on (./terminal.ts).
writeInert(process.stdout);
writeInert(process.stderr);

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
    if (e instanceof UsageError) process.stderr.write(`zamburak: ${e.message}\n\n${usageOf(process.argv[2])}`);
    else if (e instanceof InputError || e instanceof Refused) process.stderr.write(`${e.message}\n`);
    else process.stderr.write(`zamburak: internal error: ${(e as Error).stack ?? String(e)}\n`);
    process.exitCode = e instanceof Refused ? 1 : 2;
  },
);
