/**
 * What the gate derives from one label, worked out once per label object and kept for as long
 * as the label lives (a WeakMap). A tool call's labels are shared: the items of a list carry the
 * same label object, the host decodes one object per label of a run (run/wire.ts), and a plan
 * that sends digests of the same emails hands the gate the same labels call after call. So the
 * gate's per-call work on a label with 100 sources is a lookup, not a walk over the sources, and
 * a decision allocates little (fewer young-generation collections, which set the p99).
 *
 * Labels are immutable values (ifc/label.ts): every fact here is a pure function of its label.
 */
import { isListedSource, shownSources, type Label } from '../ifc/label';

const MAX_LISTED = 5;

export const fmtList = (items: readonly string[], max = MAX_LISTED): string =>
  items.length <= max ? items.join(', ') : `${items.slice(0, max).join(', ')} and ${items.length - max} more`;

/** What an item said before which items a listing held (`#listed`): the telling sources first. */
const contentFirst = (sources: readonly string[]): string[] => [
  ...sources.filter((s) => !isListedSource(s)),
  ...sources.filter(isListedSource),
];

interface Facts {
  shownSources?: string;
  untrustedPhrase?: string;
  bulk?: BulkFacts;
}

/** A label's part of the bulk-egress measures (README "Bulk egress"). */
export interface BulkFacts {
  /** Its untrusted sources that are content (not `#listed`), sorted and distinct. */
  readonly untrusted: readonly string[];
  /** `<PII cap> from <source>` for each PII cap and content source, sorted and distinct. */
  readonly pii: readonly string[];
}

const facts = new WeakMap<Label, Facts>();
function factsOf(l: Label): Facts {
  let f = facts.get(l);
  if (!f) facts.set(l, (f = {}));
  return f;
}

/** The sources of a label as reasons show them: content first, then listing membership. */
export function fmtSources(l: Label): string {
  const f = factsOf(l);
  return (f.shownSources ??= fmtList(contentFirst(shownSources(l))));
}

/** "tool:getEmail:e1, which is untrusted" */
export function untrustedPhrase(l: Label): string {
  const f = factsOf(l);
  return (f.untrustedPhrase ??= `${fmtList(contentFirst(l.untrusted))}, which ${
    l.untrusted.length === 1 ? 'is' : 'are'
  } untrusted`);
}

export function bulkFacts(l: Label): BulkFacts {
  const f = factsOf(l);
  if (f.bulk) return f.bulk;
  // Which items a listing held is not their content: it does not count as data sent.
  const untrusted = [...new Set(l.untrusted.filter((s) => !isListedSource(s)))].sort();
  const pii = new Set<string>();
  for (const c of l.caps)
    if (c.startsWith('PII_')) for (const s of shownSources(l)) if (!isListedSource(s)) pii.add(`${c} from ${s}`);
  return (f.bulk = { untrusted, pii: [...pii].sort() });
}

const verifiedCopies = new WeakMap<Label, Map<string, Label>>();
/** The label with `verified: kind` (a leaf read back from its container keeps its own), memoised. */
export function withVerified(l: Label, kind: string): Label {
  let m = verifiedCopies.get(l);
  if (!m) verifiedCopies.set(l, (m = new Map()));
  let v = m.get(kind);
  if (!v) m.set(kind, (v = { ...l, verified: kind }));
  return v;
}

/**
 * The sorted union of two sorted lists of distinct strings (`[...new Set([...a, ...b])].sort()`
 * without sorting again): one of them itself when the other adds nothing.
 */
export function mergeSorted(a: readonly string[], b: readonly string[]): readonly string[] {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      out.push(x);
      i++;
      j++;
    } else if (x < y) {
      out.push(x);
      i++;
    } else {
      out.push(y);
      j++;
    }
  }
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}
