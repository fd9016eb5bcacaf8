/**
 * Passwords and PINs written in text (SECRET): `password: X`, `pwd=X`, `your passcode is X`,
 * `PIN: 1234`. The detail says only how long the value is.
 *
 * After "is", the value must look like a credential (a digit, a symbol or mixed case), because
 * prose follows "password is" far more often than a password does ("your password is about to
 * expire"). After ":" or "=" any value counts, except placeholders and common words.
 */
import { CAPS, matchesOf, type Finding } from './finding';

const PASSWORD =
  /\b(password|passwort|passwd|pwd|passcode|passphrase|pass phrase|pin|pin code|pin number)\b(?:\s{0,3}(is|was|will be|set to|changed to|reset to)\s{1,3}|\s{0,3}[:=]\s{0,3}|\s{0,3}->\s{0,3})["'\u201C\u2018]?([^\s"'\u201D\u2019<>]{3,128})/gi;

// prettier-ignore
const NOT_A_VALUE = new Set(
  [
    'a', 'an', 'the', 'your', 'my', 'our', 'their', 'this', 'that', 'it', 'is', 'was', 'not', 'no', 'none', 'n/a',
    'null', 'undefined', 'same', 'below', 'above', 'attached', 'sent', 'reset', 'required', 'expired', 'expiring',
    'expires', 'changed', 'updated', 'hidden', 'protected', 'incorrect', 'invalid', 'wrong', 'too', 'must', 'should',
    'will', 'has', 'have', 'been', 'being', 'strong', 'weak', 'secure', 'manager', 'policy', 'field', 'link', 'here',
    'forgotten', 'forgot', 'because', 'and', 'or', 'to', 'for', 'of', 'in', 'on', 'at', 'by', 'with', 'from', 'change',
    'needed', 'optional', 'unchanged', 'provided', 'shared', 'stored', 'set', 'saved', 'correct', 'reset.', 'you',
    'unknown', 'tbd', 'see', 'via', 'when', 'if', 'only', 'must', 'can', 'cannot', 'about', 'still', 'now', 'also',
  ].map((w) => w.toLowerCase()),
);

const looksLikeCredential = (v: string): boolean =>
  /\d/.test(v) || /[^A-Za-z0-9]/.test(v) || (/[a-z]/.test(v) && /[A-Z]/.test(v));

export function findPasswords(text: string): Finding[] {
  const out: Finding[] = [];
  for (const m of matchesOf(PASSWORD, text)) {
    const word = (m[1] ?? '').toLowerCase();
    const connector = m[2];
    let value = (m[3] ?? '').replace(/[.,;:)\]]+$/, '');
    if (value.length < 3) continue;
    if (/^[*•·xX.\u2022_-]+$/.test(value)) continue;
    if (NOT_A_VALUE.has(value.toLowerCase())) continue;
    if (word.startsWith('pin') && !/^\d{4,8}$/.test(value)) continue;
    if (connector !== undefined && !looksLikeCredential(value)) continue;
    value = value.slice(0, 128);
    const start = m.index + m[0].length - (m[3] ?? '').length;
    out.push({
      cap: CAPS.SECRET,
      kind: 'password',
      detail: `${word.startsWith('pin') ? 'PIN' : 'password'} (${value.length} characters)`,
      start,
      end: start + value.length,
    });
  }
  return out;
}
