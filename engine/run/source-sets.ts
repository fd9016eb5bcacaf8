/**
 * The host's copy of a run's source sets, as the guest names them in tool requests: a label or a
 * lineage node sends its set's root node (`LabelRef.n`), and the request carries every name and
 * node the host has not been sent yet (`SetsDelta`). The guest keeps sets as hash-consed trees of
 * bitset nodes (engine/sandbox/guest/runtime.embed.js, "Sources are sets of source ids"): a leaf
 * holds LEAF words of 30 ids each, an inner node FAN children of the level below. A listing's
 * structure names every email of the mailbox, and so does everything a loop over it computes, so
 * spelled out each call sent megabytes of names; by reference, each node and name crosses once
 * per run and the host expands a set once (its names shared by every label and lineage node that
 * names it).
 *
 * The guest is the untrusted side: a node refers only to nodes sent before it (so there is no
 * cycle), a node is sent once, a leaf's bits name only names already sent; anything else throws,
 * and the request is refused as malformed.
 *
 * A set the host expands is a flat list of its names, and sets share nodes: a loop that joins a
 * listing's structure with each item's own label sends a few nodes per item, yet each item's set
 * spells out the whole listing (n items of n names: quadratic in what was sent). The names the
 * host holds expanded are therefore bounded (`maxNames`); beyond it the run ends at its
 * `memoryBytes` limit (`SetsLimitError`) instead of the host running out of memory.
 *
 * Replies name sets the same way (`ReplyLabels`): a label all of whose names the guest has sent
 * is described by a set built as the guest builds it (its `bsOf`) over the guest's own ids, each
 * node named by the guest's id where the guest sent a node of that content (it hash-conses: one
 * node per content) and spelled out, with an id of the reply's own (negative), where it did not.
 * A listing's structure, 100,000 names spelled out in every page's reply, is then one id or a few
 * dozen leaves of words. A label naming a name the guest has not sent is spelled out as before.
 */
import type { Label, Readers } from '../ifc/label';
import type { LabelDesc, LabelRef, LineageRef, SetsDelta, ToolRequest, WireLabel, WireToolRequest } from './wire';
import { descOf } from './wire';

/** The guest's tree shape (runtime.embed.js LEAF and FAN). */
const LEAF = 64;
const FAN = 16;
const WORD = 30;

interface SetNode {
  readonly depth: number;
  readonly kids: readonly number[];
}

/** A set's names in id order (what a lineage shows), and sorted (what a label holds). */
interface Expanded {
  readonly ids: readonly string[];
  readonly untrustedIds: readonly string[];
  sorted?: { readonly sources: readonly string[]; readonly untrusted: readonly string[] };
}

/** The run's sets would hold more names than the host keeps for a run: the run ends at a limit. */
export class SetsLimitError extends Error {}

/** What one expanded name costs the host, about: a reference in its list and in its sorted copy. */
export const BYTES_PER_EXPANDED_NAME = 16;

export class SourceSets {
  /** Names expanded so far, over every set of the run. */
  private held = 0;
  /** @param maxNames the most names the run's expanded sets may hold together. */
  constructor(private readonly maxNames = Infinity) {}

  private readonly names: string[] = [];
  private readonly trusted: boolean[] = [];
  private readonly nodes = new Map<number, SetNode>([[0, { depth: 0, kids: [] }]]);
  private readonly expanded = new Map<number, Expanded>();
  private readonly descs = new Map<string, LabelDesc>();
  private readonly labels = new WeakMap<LabelDesc, Label>();
  /** The guest's id of each name it sent, trusted and untrusted apart (as the guest's `srcId`). */
  private readonly trustedIds = new Map<string, number>();
  private readonly untrustedIds = new Map<string, number>();
  /** The guest's id of each node it sent, by content (`nodeKey`). */
  private readonly byContent = new Map<string, number>();
  /** The guest's ids of a label's sources, by its list of sources (labels share their lists). */
  private readonly idsOf = new WeakMap<readonly string[], { untrusted: readonly string[]; ids: readonly number[] }>();

  /** Adds what a request sends: its new names, then its new nodes, children before parents. */
  add(delta: SetsDelta): void {
    const first = this.names.length;
    for (const name of delta.names) {
      this.names.push(name);
      this.trusted.push(true);
    }
    for (const id of delta.untrusted) {
      if (!Number.isInteger(id) || id < first || id >= this.names.length)
        throw new Error(
          `untrusted name ${id} is not among the names this request sends (${first} to ${this.names.length - 1})`,
        );
      this.trusted[id] = false;
    }
    // The guest makes one id per name and trust: a reply names each by that id.
    for (let id = first; id < this.names.length; id++) {
      const ids = this.trusted[id] ? this.trustedIds : this.untrustedIds;
      const name = this.names[id]!;
      if (ids.has(name))
        throw new Error(`source name ${JSON.stringify(name)} is sent twice (${ids.get(name)} and ${id})`);
      ids.set(name, id);
    }
    for (const n of delta.nodes) this.addNode(n);
  }

  private addNode(n: readonly number[]): void {
    const [id, depth, ...kids] = n;
    if (id === undefined || !Number.isInteger(id) || id <= 0 || this.nodes.has(id))
      throw new Error(`set node ${String(id)} is not a new node id`);
    if (depth === undefined || !Number.isInteger(depth) || depth < 0 || depth > 8)
      throw new Error(`set node ${id} has depth ${String(depth)}, expected 0 to 8`);
    if (depth === 0) {
      if (kids.length > LEAF || !kids.every((w) => Number.isInteger(w) && w >= 0 && w < 2 ** WORD))
        throw new Error(`set leaf ${id} is not up to ${LEAF} words of ${WORD} bits`);
    } else if (kids.length > FAN || !kids.every((k) => k === 0 || this.nodes.get(k)?.depth === depth - 1))
      throw new Error(`set node ${id} has children that are not nodes of depth ${depth - 1} sent before it`);
    // The guest never makes an empty node (the empty set is 0). Refused, every node walked names a
    // source at a place of its own, so expanding a set visits no more nodes than names were sent.
    if (!kids.some((k) => k !== 0)) throw new Error(`set node ${id} is empty`);
    // The guest hash-conses its nodes: one id per content, which a reply may name.
    const key = nodeKey(depth, kids);
    const same = this.byContent.get(key);
    if (same !== undefined) throw new Error(`set node ${id} repeats node ${same}`);
    this.byContent.set(key, id);
    this.nodes.set(id, { depth, kids });
  }

  /** The names a set holds, in the order the guest made them. */
  private expand(root: number): Expanded {
    let e = this.expanded.get(root);
    if (e) return e;
    const node = this.nodes.get(root);
    if (!node) throw new Error(`source set ${root} was never sent`);
    const ids: string[] = [];
    const untrustedIds: string[] = [];
    const walk = (n: number, base: number): void => {
      const { depth, kids } = this.nodes.get(n)!;
      let span = LEAF;
      for (let d = 1; d < depth; d++) span *= FAN;
      kids.forEach((k, i) => {
        if (k === 0) return;
        if (depth > 0) return walk(k, base + i * span);
        for (let b = 0; b < WORD; b++) {
          if (!(k & (1 << b))) continue;
          const id = (base + i) * WORD + b;
          const name = this.names[id];
          if (name === undefined) throw new Error(`source set ${root} names source ${id}, which was never sent`);
          ids.push(name);
          if (!this.trusted[id]) untrustedIds.push(name);
        }
      });
    };
    if (root !== 0) walk(root, 0);
    this.held += ids.length;
    if (this.held > this.maxNames)
      throw new SetsLimitError(
        `the sources of the run's labels take more than the ${this.maxNames} names the host keeps for a run (memoryBytes)`,
      );
    // (A listing's names are all untrusted: one list for both.)
    this.expanded.set(root, (e = { ids, untrustedIds: untrustedIds.length === ids.length ? ids : untrustedIds }));
    return e;
  }

  private sorted(root: number): NonNullable<Expanded['sorted']> {
    const e = this.expand(root);
    // A name can be a trusted and an untrusted source at once (two ids): sorted without repeats.
    if (!e.sorted) {
      const sources = [...new Set(e.ids)].sort();
      const all = e.untrustedIds === e.ids && sources.length === e.ids.length;
      e.sorted = { sources, untrusted: all ? sources : [...new Set(e.untrustedIds)].sort() };
    }
    return e.sorted;
  }

  /**
   * The description a reference stands for, the same object for the same label: its names are
   * the set's own (in id order, as the guest spells them), shared by every label naming it.
   */
  desc(ref: LabelRef): LabelDesc {
    const key = `${ref.n}|${JSON.stringify(ref.r)}|${JSON.stringify(ref.c)}|${ref.v ?? ''}`;
    let d = this.descs.get(key);
    if (!d) {
      const e = this.expand(ref.n);
      d = { s: e.ids as string[], u: e.untrustedIds as string[], r: ref.r, c: ref.c };
      if (ref.v !== undefined) d.v = ref.v;
      const { sources, untrusted } = this.sorted(ref.n);
      const readers: Readers = ref.r === null ? 'public' : [...new Set(ref.r)].sort();
      const caps = [...new Set(ref.c)].sort();
      const label: Label = { sources, untrusted, readers, caps };
      this.labels.set(d, ref.v ? { ...label, verified: ref.v } : label);
      this.descs.set(key, d);
    }
    return d;
  }

  /** The label of a description `desc` made (its sorted names shared with the set's). */
  labelOf(d: LabelDesc): Label | undefined {
    return this.labels.get(d);
  }

  private lineage(x: LineageRef): NonNullable<ToolRequest['lineage'][string]> {
    const out: NonNullable<ToolRequest['lineage'][string]> = { op: x.op };
    if (x.n !== undefined) out.sources = this.expand(x.n).ids as string[];
    else if (x.sources) out.sources = x.sources;
    if (x.from) out.from = x.from.map((f) => this.lineage(f));
    return out;
  }

  /** What one reply's labels are sent as (each reply names its own new nodes). */
  replyLabels(): ReplyLabels {
    return new ReplyLabels(this);
  }

  /** The guest's ids of these sources, or undefined when it has not sent one of them. */
  guestIds(sources: readonly string[], untrusted: readonly string[]): readonly number[] | undefined {
    const known = this.idsOf.get(sources);
    if (known?.untrusted === untrusted) return known.ids;
    // (A listing's names are all untrusted: the same list.)
    const isUntrusted: (name: string) => boolean =
      untrusted === sources
        ? () => true
        : untrusted.length > 8
          ? (
              (u) => (name: string) =>
                u.has(name)
            )(new Set(untrusted))
          : (name) => untrusted.includes(name);
    const out: number[] = [];
    for (const name of sources) {
      const id = (isUntrusted(name) ? this.untrustedIds : this.trustedIds).get(name);
      if (id === undefined) return undefined;
      out.push(id);
    }
    this.idsOf.set(sources, { untrusted, ids: out });
    return out;
  }

  /** The guest's id of a node it sent with this content. */
  sentNode(depth: number, kids: readonly number[]): number | undefined {
    return this.byContent.get(nodeKey(depth, kids));
  }

  /**
   * A message's label table with every reference resolved, after adding the sets it sends (a
   * request, the result, an error).
   */
  resolveLabels(labels: Record<string, WireLabel>, sets?: SetsDelta): Record<string, LabelDesc> {
    if (sets) this.add(sets);
    // (fromEntries defines own keys: a key `__proto__` stays a key.)
    return Object.fromEntries(Object.entries(labels).map(([id, d]) => [id, 'n' in d ? this.desc(d) : d])) as Record<
      string,
      LabelDesc
    >;
  }

  /** The request as the host serves it: every reference resolved (after adding its sets). */
  resolve(req: WireToolRequest): ToolRequest {
    const labels = this.resolveLabels(req.labels, req.sets);
    const lineage = Object.fromEntries(
      Object.entries(req.lineage).map(([path, l]) => [path, l === null ? null : this.lineage(l)]),
    ) as ToolRequest['lineage'];
    const { tool, args, pc, cl } = req;
    return cl === undefined ? { tool, args, labels, pc, lineage } : { tool, args, labels, pc, cl, lineage };
  }
}

const nodeKey = (depth: number, kids: readonly number[]): string => `${depth}:${kids.join(',')}`;

/**
 * The labels of one reply to the guest: each by reference where the guest has sent all its names
 * (`SourceSets` above), with the nodes the guest did not send (`nodes`, each `[id, depth,
 * ...kids]`, ids -1, -2, … in order, children before parents); spelled out otherwise.
 */
export class ReplyLabels {
  readonly nodes: number[][] = [];
  private readonly made = new Map<string, number>();
  constructor(private readonly sets: SourceSets) {}

  label(l: Label): WireLabel {
    const ids = this.sets.guestIds(l.sources, l.untrusted);
    if (ids === undefined) return descOf(l);
    const ref: LabelRef = { n: this.setOf(ids), r: l.readers === 'public' ? null : [...l.readers], c: [...l.caps] };
    if (l.verified) ref.v = l.verified;
    return ref;
  }

  /** A node of this content: the guest's, or one this reply sends. */
  private node(depth: number, kids: number[]): number {
    if (depth === 0) {
      // The guest keeps a leaf without its trailing zero words.
      let end = kids.length;
      while (end > 0 && kids[end - 1] === 0) end--;
      kids.length = end;
    }
    if (kids.every((k) => k >= 0)) {
      const sent = this.sets.sentNode(depth, kids);
      if (sent !== undefined) return sent;
    }
    const key = nodeKey(depth, kids);
    let id = this.made.get(key);
    if (id === undefined) {
      this.made.set(key, (id = -(this.nodes.length + 1)));
      this.nodes.push([id, depth, ...kids]);
    }
    return id;
  }

  /** The set of these ids as the guest's `bsOf` builds it: the root of the least depth that holds them. */
  private setOf(ids: readonly number[]): number {
    if (ids.length === 0) return 0;
    let level = new Map<number, number[]>();
    let top = 0;
    for (const id of ids) {
      const w = Math.floor(id / WORD);
      const at = Math.floor(w / LEAF);
      let words = level.get(at);
      if (!words) level.set(at, (words = new Array<number>(LEAF).fill(0)));
      words[w % LEAF] = (words[w % LEAF] ?? 0) | (1 << (id % WORD));
      if (at > top) top = at;
    }
    let nodes = new Map([...level].sort(([a], [b]) => a - b).map(([at, words]) => [at, this.node(0, words)]));
    for (let depth = 1; top > 0; depth++, top = Math.floor(top / FAN)) {
      level = new Map();
      for (const [at, n] of nodes) {
        let kids = level.get(Math.floor(at / FAN));
        if (!kids) level.set(Math.floor(at / FAN), (kids = new Array<number>(FAN).fill(0)));
        kids[at % FAN] = n;
      }
      nodes = new Map([...level].map(([at, kids]) => [at, this.node(depth, kids)]));
    }
    return nodes.get(0)!;
  }
}
