/**
 * One-time codes (SECRET): 4–8 digits (or `123 456`, `G-123456`) next to the words services use
 * for them: "your verification code is 123456", "123456 is your login code", "OTP: 4821",
 * "use 123456 to sign in", "2FA code". A bare number (an invoice or order number) is not a code:
 * the qualifier words are what make it one, and "code" alone needs "your/the … code is".
 */
import { CAPS, matchesOf, type Finding } from './finding';

const QUALIFIED =
  '(?:verification|verify|security|login|log-in|log in|sign-in|sign in|signin|authentication|authorization|auth|access|confirmation|one-time|one time|single-use|temporary|2fa|mfa|two-factor|2-step|two-step|otp|sms|backup|recovery|activation|passcode|device)[ -]?(?:code|pin|passcode|password|token)s?';
const KEYWORD = `(?:${QUALIFIED}|one-time password|otp|passcode|2fa|mfa|(?:your|the|this) (?:code|pin)(?: is|:))`;
const NUMBER = '(?<![\\d.,:/])(?:[A-Z]-)?(\\d{3}[ -]\\d{3}|\\d{4,8})(?!\\d|[.,:/-]\\d)';

const AFTER_KEYWORD = new RegExp(`\\b${KEYWORD}\\b[^\\d]{0,30}?${NUMBER}`, 'gi');
const BEFORE_KEYWORD = new RegExp(
  `${NUMBER}[^\\d\\n]{0,12}?\\b(?:is|as) (?:your|the) [\\w -]{0,30}?\\b(?:code|otp|pin|passcode|password)\\b`,
  'gi',
);
const USE_TO = new RegExp(
  `\\b(?:use|enter|type|input)(?: the)?(?: code)?:? ${NUMBER}[ ,]{1,2}(?:to|as|for|when) (?:sign|log|verify|confirm|complete|finish|access|authenticate|reset|activate|continue)`,
  'gi',
);

/**
 * Each pattern with a part of it that every match holds, as a cheap first test: a text without
 * `is your`/`as the` (and the like) cannot match BEFORE_KEYWORD, one without a word starting
 * `use`/`enter`/`type`/`input` cannot match USE_TO. Most mail has digits but neither phrase, and
 * these patterns otherwise try their number at every digit run. AFTER_KEYWORD starts with its
 * keyword, so the regex is its own first test.
 */
const SCREENED: readonly { readonly re: RegExp; readonly needs: RegExp | null }[] = [
  { re: AFTER_KEYWORD, needs: null },
  { re: BEFORE_KEYWORD, needs: /\b(?:is|as) (?:your|the) /i },
  { re: USE_TO, needs: /\b(?:use|enter|type|input)/i },
];

/** `screen: false` runs every pattern over the whole text (tests compare the two). */
export function findOneTimeCodes(text: string, screen = true): Finding[] {
  const out: Finding[] = [];
  for (const { re, needs } of SCREENED) {
    if (screen && needs !== null && !needs.test(text)) continue;
    for (const m of matchesOf(re, text)) {
      const code = m[1] ?? '';
      const offset = m[0].indexOf(code);
      const start = m.index + (offset < 0 ? 0 : offset);
      const end = start + code.length;
      if (out.some((o) => o.start === start)) continue;
      out.push({
        cap: CAPS.SECRET,
        kind: 'one-time-code',
        detail: `one-time code (${code.replace(/\D/g, '').length} digits)`,
        start,
        end,
      });
    }
  }
  return out;
}
