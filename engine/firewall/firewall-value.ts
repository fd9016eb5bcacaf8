/**
 * `firewallValue`: scans a tool output before it enters the sandbox and adds the caps it finds
 * to the label of each leaf where it found them.
 *
 * It only ever *adds caps*: sources, trust and readers are untouched (a finding is a hint for
 * policies and the user, never a replacement for the label-based decision), and it adds nothing
 * it did not find (EXTERNAL_CONTENT, UNTRUSTED_TEXT and the like come from tool declarations).
 * Work is bounded: a leaf longer than `maxCharsPerLeaf` is scanned up to that length and gets
 * the cap UNSCANNED, so policies can treat the rest as possibly carrying anything.
 */
import { withCaps } from '../ifc/label';
import type { LabeledValue } from '../ifc/labeled-value';
import { CAPS, type Finding } from './finding';
import { DEFAULT_PATTERNS, type PatternSet } from './patterns';
import { capsOf, scanText, type ScanOptions } from './scan';

export interface FirewallOptions extends ScanOptions {
  /** Characters scanned per string leaf (default 200,000); the rest is marked UNSCANNED. */
  readonly maxCharsPerLeaf?: number;
  readonly patterns?: PatternSet;
}

export interface FirewallResult {
  readonly value: LabeledValue;
  /** Each finding with the path of its leaf (`body`, `items[2].subject`, as in `leavesOf`). */
  readonly findings: readonly { readonly path: string; readonly finding: Finding }[];
}

export const DEFAULT_MAX_CHARS_PER_LEAF = 200_000;

export function firewallValue(v: LabeledValue, opts: FirewallOptions = {}): FirewallResult {
  const max = Math.max(0, opts.maxCharsPerLeaf ?? DEFAULT_MAX_CHARS_PER_LEAF);
  const patterns = opts.patterns ?? DEFAULT_PATTERNS;
  const findings: { path: string; finding: Finding }[] = [];

  const scanLeaf = (text: string, path: string): string[] => {
    const scanned = text.length > max ? text.slice(0, max) : text;
    const found = scanText(scanned, patterns, opts);
    for (const finding of found) findings.push({ path, finding });
    const caps = capsOf(found);
    if (text.length > max) {
      caps.push(CAPS.UNSCANNED);
      findings.push({
        path,
        finding: {
          cap: CAPS.UNSCANNED,
          kind: 'unscanned',
          detail: `only the first ${max} of ${text.length} characters were scanned`,
          start: max,
          end: text.length,
        },
      });
    }
    return caps;
  };

  const walk = (x: LabeledValue, path: string): LabeledValue => {
    switch (x.kind) {
      case 'prim': {
        if (typeof x.value === 'string') {
          const caps = scanLeaf(x.value, path);
          return caps.length ? { ...x, label: withCaps(x.label, caps) } : x;
        }
        if (typeof x.value === 'number' && Number.isInteger(x.value) && Math.abs(x.value) >= 1e6) {
          // Card and account numbers sometimes arrive as JSON numbers.
          const caps = scanLeaf(String(x.value), path);
          return caps.length ? { ...x, label: withCaps(x.label, caps) } : x;
        }
        return x;
      }
      case 'array': {
        let changed = false;
        const items = x.items.map((item, i) => {
          const next = walk(item, `${path}[${i}]`);
          if (next !== item) changed = true;
          return next;
        });
        return changed ? { ...x, items } : x;
      }
      case 'object': {
        let changed = false;
        const entries: Record<string, LabeledValue> = {};
        const keyCaps: string[] = [];
        for (const [k, e] of Object.entries(x.entries)) {
          const childPath = path ? `${path}.${k}` : k;
          // Keys are part of the structure: what they reveal goes on the object's own label.
          keyCaps.push(...scanLeaf(k, `${childPath} (key)`));
          const next = walk(e, childPath);
          if (next !== e) changed = true;
          entries[k] = next;
        }
        const label = keyCaps.length ? withCaps(x.label, keyCaps) : x.label;
        return changed || label !== x.label ? { ...x, label, entries } : x;
      }
      case 'opaque':
        return x;
    }
  };

  return { value: walk(v, ''), findings };
}
