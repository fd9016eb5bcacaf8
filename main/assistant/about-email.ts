/**
 * What the text of a result may say about an email it lists (main/assistant/result-text.ts):
 * over a profile, what triage stored (its category, and why it is suspicious); over a world
 * file, which is never triaged in place, the fraud findings alone.
 */
import type { WorldState } from '../../engine/world';
import type { Profile } from '../profile/profile';
import { worldFindings } from './fraud';
import type { AboutEmail } from './result-text';

export function aboutInProfile(p: Profile): AboutEmail {
  return (id) => {
    const m = p.repos.messages.get(id);
    return { category: m?.category ?? null, reasons: (m?.findings ?? []).map((f) => f.reason) };
  };
}

export function aboutInWorld(world: WorldState): AboutEmail {
  const findings = worldFindings(world);
  return (id) => {
    const reasons = world.findEmail(id) ? findings(id).map((f) => f.reason) : [];
    return { category: reasons.length ? 'suspicious' : null, reasons };
  };
}
