/**
 * Labels as the host sees them (semantics.md §2). Inside the sandbox the guest runtime keeps
 * interned label ids; every label that crosses the bridge is expanded to this shape.
 */

/** `public` is the top of the readers lattice; otherwise a sorted set of lower-cased principals. */
export type Readers = 'public' | readonly string[];

export interface Label {
  /** Sorted source names: `user`, `plan`, `system`, `tool:<name>:<id>`, `sanitizer:<name>`. */
  readonly sources: readonly string[];
  /** The subset of `sources` that is untrusted (sorted). A label is trusted when this is empty. */
  readonly untrusted: readonly string[];
  readonly readers: Readers;
  /** Sorted content tags (`SECRET`, `PII_EMAIL`, `UNTRUSTED_TEXT`, ...). */
  readonly caps: readonly string[];
  /** Set only by a sanitizer on the exact value it returned; dropped by every join. */
  readonly verified?: string;
}

/** The label of plan literals: no sources (shown as `plan`), public, no caps. */
export const BOTTOM: Label = Object.freeze({ sources: [], untrusted: [], readers: 'public', caps: [] });

const sortedUnion = (a: readonly string[], b: readonly string[]): string[] =>
  a.length === 0 ? [...b] : b.length === 0 ? [...a] : [...new Set([...a, ...b])].sort();

export function joinReaders(a: Readers, b: Readers): Readers {
  if (a === 'public') return b;
  if (b === 'public') return a;
  const keep = new Set(b);
  return a.filter((p) => keep.has(p));
}

/** Join: sources ∪, untrusted ∪, readers ∩, caps ∪, verified dropped. */
export function joinLabels(...labels: readonly Label[]): Label {
  // The parts of a value mostly share a few label objects (one per label the guest sent), and
  // many are bottom: each distinct label is read once, and one alone is copied, not re-sorted.
  const distinct = [...new Set(labels)].filter((l) => !isBottom(l));
  // One alone: its lists as they are (labels never change; a listing's names every email).
  if (distinct.length === 1) {
    const l = distinct[0]!;
    return { sources: l.sources, untrusted: l.untrusted, readers: l.readers, caps: l.caps };
  }
  // A listing joins one label per candidate (thousands): gather into sets and sort once, not
  // once per label (quadratic).
  if (distinct.length > 2) return joinMany(distinct);
  let sources: string[] = [];
  let untrusted: string[] = [];
  let readers: Readers = 'public';
  let caps: string[] = [];
  for (const l of distinct) {
    sources = sortedUnion(sources, l.sources);
    untrusted = sortedUnion(untrusted, l.untrusted);
    readers = joinReaders(readers, l.readers);
    caps = sortedUnion(caps, l.caps);
  }
  return { sources, untrusted, readers, caps };
}

/** The join's identity: no sources, public, no caps. */
const isBottom = (l: Label): boolean =>
  l.sources.length === 0 && l.untrusted.length === 0 && l.readers === 'public' && l.caps.length === 0;

function joinMany(labels: readonly Label[]): Label {
  const sources = new Set<string>();
  const untrusted = new Set<string>();
  const caps = new Set<string>();
  let readers: Readers = 'public';
  for (const l of labels) {
    for (const s of l.sources) sources.add(s);
    for (const s of l.untrusted) untrusted.add(s);
    for (const c of l.caps) caps.add(c);
    readers = joinReaders(readers, l.readers);
  }
  return { sources: [...sources].sort(), untrusted: [...untrusted].sort(), readers, caps: [...caps].sort() };
}

const pairJoins = new WeakMap<Label, WeakMap<Label, Label>>();
/**
 * `joinLabels(a, b)`, memoised per pair of label objects: the same pair gives the same object, so
 * facts derived from a label (the gate's, memoised per label object) are worked out once. Labels
 * are immutable values; the result is shared and must not be changed either.
 */
export function joinPair(a: Label, b: Label): Label {
  let m = pairJoins.get(a);
  if (!m) pairJoins.set(a, (m = new WeakMap()));
  let j = m.get(b);
  if (!j) m.set(b, (j = joinLabels(a, b)));
  return j;
}

export const isTrusted = (l: Label): boolean => l.untrusted.length === 0;

/** Builds a label for one source. `readers` are lower-cased and sorted here. */
export function sourceLabel(
  source: string,
  opts: { trusted: boolean; readers?: Readers; caps?: readonly string[] },
): Label {
  const readers: Readers =
    opts.readers === undefined || opts.readers === 'public'
      ? 'public'
      : [...new Set(opts.readers.map((r) => r.toLowerCase()))].sort();
  return {
    sources: [source],
    untrusted: opts.trusted ? [] : [source],
    readers,
    caps: [...new Set(opts.caps ?? [])].sort(),
  };
}

export function withCaps(l: Label, caps: readonly string[]): Label {
  if (caps.every((c) => l.caps.includes(c))) return l;
  return { ...l, caps: sortedUnion(l.caps, caps) };
}

/** May `principal` read data with this label? */
export const canRead = (l: Label, principal: string): boolean =>
  l.readers === 'public' || l.readers.includes(principal.toLowerCase());

/** Sources as shown in reports: a label with no sources came from plan literals. */
export const shownSources = (l: Label): readonly string[] => (l.sources.length ? l.sources : ['plan']);

/**
 * A listing's structure (which items a tool returned, their count and order) depends on every
 * item's existence. Its sources are the items' sources with this mark (`tool:listEmails:e3#listed`):
 * still untrusted, but distinguishable from the item's *content*, so that a policy can let an
 * email cause reversible changes to itself while iterating over the inbox (self-scoping).
 */
export const LISTED_MARK = '#listed';
export const isListedSource = (source: string): boolean => source.endsWith(LISTED_MARK);
