import type { Command } from './types';

/** A command of contracts.md whose service has not landed yet: exit 2 with a clear message. */
export function notYet(name: string, help: string, arrivesWith: string): Command {
  return {
    name,
    help,
    anyArgs: true,
    run() {
      process.stderr.write(`zamburak ${name}: not available yet in this version (it arrives with ${arrivesWith})\n`);
      return 2;
    },
  };
}
