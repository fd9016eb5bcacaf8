/**
 * The demo world under the default policy, with the attacker's email e33 at its usual place or
 * dated so that it is the newest (first in every listing): two worlds that differ only in the
 * attacker's Date header, for the red-team rounds' "what other mail does on its own" property.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadWorld, simulate, type Mode, type RunReport } from '../../engine';
import { canonicalJson } from '../../engine/run/wire';

export const DEMO = join(process.cwd(), 'resources/demo-world.yaml');
export const DEMO_TEXT = readFileSync(DEMO, 'utf8');
const E33 = "subject: 'Shipping update: action required'\n    date: '2026-03-15T16:00:00Z'";
/** The same mailbox, the attacker's email dated so that it is the newest: first in a listing. */
export const E33_NEWEST = DEMO_TEXT.replace(E33, E33.replace('2026-03-15T16:00:00Z', '2026-03-16T09:00:00Z'));

export async function inDemo(plan: string, text: string, mode: Mode): Promise<RunReport> {
  const { report } = await simulate({ plan, world: loadWorld(text, DEMO), mode });
  return report;
}

/** What happened on its own to mail other than the attacker's: the allowed effects on it. */
export const quietEffects = (r: RunReport): string[] =>
  r.calls
    .filter((c) => c.decision === 'allow' && c.executed && c.args.id !== 'e33')
    .filter((c) => ['archiveEmail', 'markRead', 'labelEmail', 'moveEmail'].includes(c.tool))
    .map((c) => `${c.tool}(${canonicalJson(c.args)})`);
