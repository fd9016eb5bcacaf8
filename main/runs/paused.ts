/**
 * The Pause switch (the `paused` setting) stops every automatic action on a profile: no plan runs
 * over it, whoever starts it (the app's scheduler, Ask, Triage, the CLI's `run`, `ask`, `triage`).
 * Checked where every such run goes through (`runOnProfile`, and before triage or the planner
 * spend anything), so no front door can forget it.
 */
import type { Profile } from '../profile/profile';

export class PausedError extends Error {
  constructor() {
    super(
      'Zamburak is paused: nothing runs on this profile until the pause is off (the Pause switch in the app, or `zamburak settings set paused false`)',
    );
  }
}

export const isPaused = (p: Profile): boolean => p.setting('paused') === 'true';

export function assertNotPaused(p: Profile): void {
  if (isPaused(p)) throw new PausedError();
}
