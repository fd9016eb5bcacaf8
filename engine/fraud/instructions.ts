/** Text addressed to an AI assistant (the firewall's injection patterns): never obeyed, always said. */
import { scanText } from '../firewall';
import type { FraudFinding, FraudMail } from './types';

export const INSTRUCTIONS_REASON =
  'The text contains instructions addressed to an assistant; Zamburak will not follow them.';

/** Does the text hold what the firewall recognises as instructions for an assistant? */
export const carriesInstructions = (text: string): boolean => scanText(text).some((f) => f.cap === 'PROMPT_INJECTION');

export function assistantInstructions(m: FraudMail): FraudFinding[] {
  return carriesInstructions(`${m.subject}\n${m.body}\n${m.html ?? ''}`)
    ? [{ kind: 'instructions', reason: INSTRUCTIONS_REASON }]
    : [];
}
