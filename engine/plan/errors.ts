import type { Position } from '../run/types';

/** A plan outside the subset of semantics.md §1: refused before anything runs. */
export class PlanRejected extends Error {
  readonly kind = 'PlanRejected' as const;
  constructor(
    message: string,
    readonly position: Position,
  ) {
    super(`${message} (line ${position.line}, column ${position.column})`);
    this.name = 'PlanRejected';
  }
  /** The message without the position suffix. */
  get reason(): string {
    return this.message.replace(/ \(line \d+, column \d+\)$/, '');
  }
}
