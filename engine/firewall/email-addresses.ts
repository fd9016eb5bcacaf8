/** Email addresses (PII_EMAIL) in free text. The detail names only the domain. */
import { CAPS, matchesOf, type Finding } from './finding';

const EMAIL =
  /(?<![\w.%+-])[A-Za-z0-9._%+-]{1,64}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.){1,8}[A-Za-z]{2,63}(?![\w-])/g;

export function findEmailAddresses(text: string): Finding[] {
  const out: Finding[] = [];
  for (const m of matchesOf(EMAIL, text)) {
    const domain = m[0].slice(m[0].indexOf('@') + 1).toLowerCase();
    out.push({
      cap: CAPS.PII_EMAIL,
      kind: 'email',
      detail: `email address at ${domain}`,
      start: m.index,
      end: m.index + m[0].length,
    });
  }
  return out;
}
