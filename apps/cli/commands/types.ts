import type { Parsed } from '../args';

/** What a top-level command (`zamburak NAME …`) is called, takes and says in `--help`. */
export interface CommandSpec {
  readonly name: string;
  /** Usage lines and a short description, as shown by `zamburak --help`. */
  readonly help: string;
  /** Flags that take a value, and flags that stand alone. */
  readonly valueFlags?: readonly string[];
  readonly boolFlags?: readonly string[];
  /** Take the arguments unparsed (a command that only explains itself). */
  readonly anyArgs?: boolean;
  /** Runs until stopped (a server): V8 keeps its default optimisation (main.ts). */
  readonly staysRunning?: boolean;
}

/** One top-level command. Exit codes: 0 ok, 1 failed / check failed, 2 bad usage. */
export interface Command extends CommandSpec {
  run(args: Parsed): Promise<number> | number;
}

/** A command as `zamburak` lists it: its spec, and its module loaded only when it runs. */
export interface ListedCommand extends CommandSpec {
  load(): Promise<Command>;
}
