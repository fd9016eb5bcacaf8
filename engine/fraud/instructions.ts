/** Text addressed to an AI assistant (the firewall's injection patterns): never obeyed, always said. */
import { scanText } from '../firewall';
import type { FraudFinding, FraudMail } from './types';

export function assistantInstructions(m: FraudMail): FraudFinding[] {
  const text = `${m.subject}\n${m.body}\n${m.html ?? ''}`;
  return scanText(text).some((f) => f.cap === 'PROMPT_INJECTION')
    ? [
        {
          kind: 'instructions',
          reason: 'The text contains instructions addressed to an assistant; Zamburak will not follow them.',
        },
      ]
    : [];
}
