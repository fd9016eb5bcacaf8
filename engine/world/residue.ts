/**
 * The residue: what a run may have written, stored with the world (docs/semantics.md §3c).
 *
 * A written item keeps the label of what wrote it (`written`), but a branch that was not taken
 * writes nothing: after `if (email says so) createEvent(…)`, the untouched calendar is as much the
 * email's doing as the event would have been. Within a run the guest's world-state label (R.wt)
 * carries that into every later read; across runs, the run's report says, for each tool that
 * changes the world, what decided whether it was called (RunReport.residue), and the world keeps
 * the join per collection that tool writes. Every later read of that collection — a listing, free
 * or busy time, whether an id exists, the next new id — carries it, in this run and every later
 * one. Collections no such tool writes keep none: mail read after a calendar-only branch stays
 * as it was.
 */
import { BOTTOM, joinLabels, type Label } from '../ifc/label';
import { EFFECT_TOOLS, effectToolOf } from '../tools';
import type { Effect } from '../tools/effect';
import type { ToolKind } from '../tools/types';

/** What effects write, as a later read sees it. */
export const COLLECTIONS = ['mailbox', 'calendar', 'sent', 'drafts'] as const;
export type Collection = (typeof COLLECTIONS)[number];

/** Per collection, the join of what decided whether it was written (absent: nothing did). */
export type Residue = Partial<Record<Collection, Label>>;

/** Where each kind of effect (engine/tools) writes: where mail is and how it is marked, the calendar, what was sent. */
const OF_EFFECT: Record<Effect['kind'], Collection> = { organize: 'mailbox', event: 'calendar', mail: 'sent' };

/**
 * The collections a call of this tool may write: its effect's (engine/tools), drafts for a local
 * tool (the kind that only writes drafts), none for a tool that changes nothing. A tool that
 * changes the world in a way this table does not know may have written any of them.
 */
export function collectionsWritten(tool: string, kind: ToolKind | undefined): readonly Collection[] {
  const effect = effectToolOf(tool)?.effect;
  if (effect) return [OF_EFFECT[effect]];
  if (kind === 'local') return ['drafts'];
  if (kind === 'source' || kind === 'extract' || kind === 'sanitizer' || kind === 'display') return [];
  return COLLECTIONS;
}

/**
 * What of a collection's items a call of one of its tools may change (engine/tools, each tool's
 * `writes`): `'item'`, every field but the id, or the named fields. Drafts are written whole.
 * Everything else an item holds is what it held before any run: the residue leaves it alone.
 */
export type Writable = 'item' | ReadonlySet<string>;
export function writableFields(c: Collection): Writable {
  if (c === 'drafts') return 'item';
  const fields = new Set<string>();
  for (const t of EFFECT_TOOLS) {
    if (OF_EFFECT[t.effect] !== c) continue;
    if (t.writes === 'item') return 'item';
    for (const f of t.writes) fields.add(f);
  }
  return fields;
}

/** Whether a field of a collection's items is one a tool may change (the id never is). */
export const isWritable = (w: Writable, field: string): boolean => (w === 'item' ? field !== 'id' : w.has(field));

export const isBottom = (l: Label): boolean => !l.sources.length && !l.caps.length && l.readers === 'public';

/**
 * A run's residue per tool (RunReport.residue) as the collections those tools write. Only what
 * untrusted data decided is kept: the person's own data deciding is the person deciding, and a
 * later run that acts on its own because of it acts as that person would (docs/semantics.md §3c).
 */
export function residueOfRun(
  byTool: Readonly<Record<string, Label>> | undefined,
  kindOf: (tool: string) => ToolKind | undefined,
): Residue {
  const out: Residue = {};
  for (const [tool, l] of Object.entries(byTool ?? {}))
    if (l.untrusted.length)
      for (const c of collectionsWritten(tool, kindOf(tool))) out[c] = joinLabels(out[c] ?? BOTTOM, l);
  return out;
}

/**
 * A residue names at most this many sources; past it, one source stands for them all,
 * `residue:<collection>`, untrusted, with the same readers and caps. It only ever grows, and every
 * read of its collection joins it, so its size must not grow with the number of runs. Nothing a
 * policy could allow on its own is lost: a summary names no item (self-scoping) and no author.
 */
export const MAX_RESIDUE_SOURCES = 64;

/** The residue of a collection after joining `added` to `before`, bounded (MAX_RESIDUE_SOURCES). */
export function joinResidue(c: Collection, before: Label, added: Label): Label {
  const l = joinLabels(before, added);
  if (l.sources.length <= MAX_RESIDUE_SOURCES) return l;
  const summary = `residue:${c}`;
  return { sources: [summary], untrusted: [summary], readers: l.readers, caps: l.caps };
}

/**
 * The collections whose residue mail's structure carries (which emails a listing holds, whether
 * an id exists): where mail is, and what was sent — a sent message lands in the Sent folder once
 * a profile syncs its mailbox.
 */
export const MAIL_STRUCTURE: readonly Collection[] = ['mailbox', 'sent'];

/** The collections whose residue decides whether an item of `WorldState.written` (`email:<id>`, `event:<id>`) exists. */
export const collectionsOfKey = (key: string): readonly Collection[] =>
  key.startsWith('email:') ? MAIL_STRUCTURE : key.startsWith('event:') ? ['calendar'] : [];

/** A label as a world file stores it (`written`, `residue`). */
export interface StoredLabel {
  sources: string[];
  untrusted: string[];
  readers: 'public' | string[];
  caps: string[];
}

export const storedOf = (l: Label): StoredLabel => ({
  sources: [...l.sources],
  untrusted: [...l.untrusted],
  readers: l.readers === 'public' ? 'public' : [...l.readers],
  caps: [...l.caps],
});

/** A stored label as the engine keeps labels (sorted, without duplicates). */
const sorted = (xs: readonly string[]): string[] => [...new Set(xs)].sort();
export const labelOfStored = (w: StoredLabel): Label => ({
  sources: sorted(w.sources),
  untrusted: sorted(w.untrusted.filter((s) => w.sources.includes(s))),
  readers: w.readers === 'public' ? 'public' : sorted(w.readers),
  caps: sorted(w.caps),
});
