/**
 * How long the status line keeps a message. A message belongs to the screen and the action that
 * made it: "Moved … to Archive" is news in the Inbox, not in Settings. So it goes when the person
 * moves to another screen, or after a while on its own. Two kinds live differently:
 * - an undo offer with an undo window (a send, an approval: the outbox carries it out once the
 *   window closes) stays until the window closes, on every screen — what it can still stop is under
 *   way wherever the person is — and is then removed (or replaced by what it says next: "Sent …").
 *   Its Undo button works on every screen; the `z` key only on the screen that made it, so a `z`
 *   meant for another screen undoes nothing unseen. An undo with no window (archive, move, a
 *   closed draft) is the screen's own: it goes with the screen, or after `OFFER_MS`.
 * - work under way ("Triaging new mail…") and errors stay until something replaces them or the
 *   person moves on: a sentence that says what failed must not vanish while it is being read.
 */
import type { Screen } from './route';

export interface StatusShape {
  readonly tone: 'info' | 'ok' | 'error';
  readonly undo?: unknown;
  readonly undoUntil?: number;
  readonly busy?: boolean;
}

/** A plain message's time in the status line. */
export const MESSAGE_MS = 8_000;
/** The time to undo an archive, a move or a closed draft from the status line (they have no window). */
export const OFFER_MS = 20_000;

/** When a message shown since `since` (ms since the epoch) goes on its own; null: only when replaced. */
export function statusEnds(s: StatusShape, since: number): number | null {
  if (s.undo) return s.undoUntil ?? since + OFFER_MS;
  if (s.busy || s.tone === 'error') return null;
  return since + MESSAGE_MS;
}

/** Whether a message made on screen `madeOn` stays when the person is on `screen`. */
export const staysOn = (s: StatusShape, madeOn: Screen, screen: Screen): boolean =>
  madeOn === screen || (s.undo !== undefined && s.undoUntil !== undefined);

/** Whether `z` may run the message's undo on `screen` (its button may, wherever it is shown). */
export const keyUndoes = (s: StatusShape, madeOn: Screen, screen: Screen): boolean =>
  s.undo !== undefined && madeOn === screen;
