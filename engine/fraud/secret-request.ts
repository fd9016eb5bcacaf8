/**
 * Requests for what no colleague or service needs from you: a one-time code, a password or sign-in
 * details, gift cards. A sentence that asks (a verb that hands something over) and a secret in it
 * or in the sentence before ("we sent you a code by mistake. Could you reply with it?"); a
 * sentence that forbids it ("never share this code") is a service's warning, not a request.
 */
import { negatedBefore, plainText, sentences } from './text';
import type { FraudFinding, FraudMail } from './types';

const HAND_OVER =
  /\b(?:reply|respond|send|share|give|tell|forward|text|read(?:\s+out)?|provide|submit|pass|confirm|verify|validate|re-?enter)\b/gi;

interface Secret {
  readonly re: RegExp;
  readonly asks: string;
  readonly reason: string;
}

const SECRETS: readonly Secret[] = [
  {
    re: /\b(?:(?:one-time|verification|security|login|sign-in|sms|2fa|access|authentication|confirmation|\d-digit)\s+)+(?:code|pin)s?\b|\b(?:otp|passcode)\b/i,
    asks: 'pass on a one-time code',
    reason:
      'It asks you to pass on a one-time code; codes are for signing in yourself, and no real person needs yours.',
  },
  {
    re: /\b(?:password|passphrase|credentials|login details|sign-in details|log-in details)\b/i,
    asks: 'give or confirm your password',
    reason: 'It asks for your password or sign-in details, which no real service asks for by email.',
  },
];

const GIFT_CARDS =
  /\b(?:buy|purchase|get|pick up|order)\b[^.\n]{0,40}\b(?:gift|itunes|google play|steam|apple|amazon)\s*cards?\b/i;

/**
 * The verb is addressed to the reader: it opens the sentence or a clause ("To finish, reply with
 * the code"), or follows a request ("could you", "please", "I need you to"). "I'll send the
 * password separately" tells, it does not ask.
 */
const REQUEST_BEFORE =
  /(?:^|[,;:]\s*|\b(?:please|kindly|could you|can you|would you|will you|just|need you to|want you to|you (?:must|need to|have to|should)|be sure to|make sure to|simply)\s+)$/i;

function asks(text: string, secret: Secret): boolean {
  const list = sentences(text);
  return list.some((s, i) => {
    const window = `${list[i - 1] ?? ''} ${s}`;
    if (!secret.re.test(window)) return false;
    for (const m of s.matchAll(HAND_OVER))
      if (REQUEST_BEFORE.test(s.slice(0, m.index)) && !negatedBefore(s, m.index)) return true;
    return false;
  });
}

export function secretRequest(m: FraudMail): FraudFinding[] {
  const text = plainText(m);
  const out: FraudFinding[] = SECRETS.filter((s) => asks(text, s)).map((s) => ({
    kind: 'secret-request' as const,
    reason: s.reason,
    asks: s.asks,
  }));
  if (GIFT_CARDS.test(text))
    out.push({
      kind: 'secret-request',
      reason: 'It asks you to buy gift cards, a payment that cannot be traced or taken back.',
      asks: 'buy gift cards',
    });
  return out;
}
