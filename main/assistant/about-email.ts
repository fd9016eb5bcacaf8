/**
 * What the text of a result may say about an email it lists (main/assistant/result-text.ts):
 * over a profile, what triage stored (its category, and why it is suspicious), and for mail not
 * triaged yet the fraud checks run now, so a brief asked for before triage still files hostile
 * mail under "Looks suspicious" instead of repeating it; over a world file, which is never
 * triaged in place, the fraud findings alone.
 */
import type { WorldState } from '../../engine/world';
import type { Profile } from '../profile/profile';
import { messageFindings, worldFindings } from './fraud';
import type { AboutEmail } from './result-text';

export function aboutInProfile(p: Profile): AboutEmail {
  return (id) => {
    const m = p.repos.messages.get(id);
    if (!m) return { category: null, reasons: [] };
    if (m.triagedAt) return { category: m.category, reasons: (m.findings ?? []).map((f) => f.reason) };
    const account = p.repos.accounts.get(m.accountId);
    const reasons = account ? messageFindings(p, account)(m).map((f) => f.reason) : [];
    return { category: reasons.length ? 'suspicious' : null, reasons };
  };
}

export function aboutInWorld(world: WorldState): AboutEmail {
  const findings = worldFindings(world);
  return (id) => {
    const reasons = world.findEmail(id) ? findings(id).map((f) => f.reason) : [];
    return { category: reasons.length ? 'suspicious' : null, reasons };
  };
}
