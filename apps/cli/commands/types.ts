import type { Parsed } from '../args';

/** One top-level command (`zamburak NAME …`). Exit codes: 0 ok, 1 failed / check failed, 2 bad usage. */
export interface Command {
  readonly name: string;
  /** Usage lines and a short description, as shown by `zamburak --help`. */
  readonly help: string;
  /** Flags that take a value, and flags that stand alone. */
  readonly valueFlags?: readonly string[];
  readonly boolFlags?: readonly string[];
  /** Take the arguments unparsed (a command that only explains itself). */
  readonly anyArgs?: boolean;
  run(args: Parsed): Promise<number> | number;
}
