/**
 * US Social Security numbers (PII_SSN): `AAA-GG-SSSS` with the structure the SSA issues: area not
 * 000, 666 or 900–999, group not 00, serial not 0000. Nine digits written without dashes count
 * only right after an "SSN" / "social security" mention, since bare nine-digit runs are common.
 */
import { CAPS, matchesOf, type Finding } from './finding';

export function ssnStructureValid(area: string, group: string, serial: string): boolean {
  const a = Number(area);
  return a !== 0 && a !== 666 && a < 900 && Number(group) !== 0 && Number(serial) !== 0;
}

const DASHED = /(?<![\d-])(\d{3})-(\d{2})-(\d{4})(?![\d-])/g;
const LABELLED =
  /\b(?:ssn|social security(?: number| no\.?| #)?|ss#)\s{0,3}[:#]?\s{0,3}(\d{3})[ ]?(\d{2})[ ]?(\d{4})(?!\d)/gi;

export function findSsns(text: string): Finding[] {
  const out: Finding[] = [];
  const seen = new Set<number>();
  const add = (start: number, end: number, area: string, group: string, serial: string): void => {
    if (seen.has(start) || !ssnStructureValid(area, group, serial)) return;
    seen.add(start);
    out.push({ cap: CAPS.PII_SSN, kind: 'ssn', detail: `SSN ***-**-${serial}`, start, end });
  };
  for (const m of matchesOf(DASHED, text)) add(m.index, m.index + m[0].length, m[1] ?? '', m[2] ?? '', m[3] ?? '');
  for (const m of matchesOf(LABELLED, text)) {
    const digits = `${m[1] ?? ''}${m[2] ?? ''}${m[3] ?? ''}`;
    const start = m.index + m[0].search(/\d/);
    add(start, m.index + m[0].length, digits.slice(0, 3), digits.slice(3, 5), digits.slice(5));
  }
  return out;
}
