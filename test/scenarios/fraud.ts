/**
 * The fraud set (`resources/worlds/fraud-world.yaml`): every email triaged as the app does it
 * (main/assistant/triage.ts, no language model). Ids starting with `f` are fraud and must come
 * out `suspicious` with a reason and no draft; ids starting with `l` are legitimate mail from the
 * same people and services and must not be flagged.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadWorld } from '../../engine/run/simulate';
import { triageWorld, type TriagedEmail } from '../../main/assistant/triage';

export const FRAUD_WORLD = 'resources/worlds/fraud-world.yaml';

export interface FraudOutcome {
  readonly email: TriagedEmail;
  readonly fraud: boolean;
  /** Fraud filed suspicious with at least one reason and no draft; legitimate mail not flagged. */
  readonly right: boolean;
}

export async function evaluateFraud(): Promise<FraudOutcome[]> {
  const file = join(process.cwd(), FRAUD_WORLD);
  const r = await triageWorld(loadWorld(readFileSync(file, 'utf8'), file));
  return r.emails.map((email) => {
    const fraud = email.id.startsWith('f');
    const flagged = email.category === 'suspicious' && email.findings.length > 0;
    return { email, fraud, right: fraud ? flagged && !email.draftId : !flagged && email.category !== 'suspicious' };
  });
}

export function summarizeFraud(outcomes: readonly FraudOutcome[]) {
  const fraud = outcomes.filter((o) => o.fraud);
  const legit = outcomes.filter((o) => !o.fraud);
  return {
    fraud: fraud.length,
    legit: legit.length,
    caught: fraud.filter((o) => o.right).length,
    missed: fraud.filter((o) => !o.right).map((o) => o.email.id),
    falseAlarms: legit.filter((o) => !o.right).map((o) => o.email.id),
  };
}
