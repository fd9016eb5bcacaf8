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
 */
import type { Label, Readers } from '../ifc/label';
import type { LabelDesc, LabelRef, LineageRef, SetsDelta, ToolRequest, WireToolRequest } from './wire';

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

  /** The request as the host serves it: every reference resolved (after adding its sets). */
  resolve(req: WireToolRequest): ToolRequest {
    if (req.sets) this.add(req.sets);
    // (fromEntries defines own keys: a key `__proto__` stays a key.)
    const labels = Object.fromEntries(
      Object.entries(req.labels).map(([id, d]) => [id, 'n' in d ? this.desc(d) : d]),
    ) as Record<string, LabelDesc>;
    const lineage = Object.fromEntries(
      Object.entries(req.lineage).map(([path, l]) => [path, l === null ? null : this.lineage(l)]),
    ) as ToolRequest['lineage'];
    const { tool, args, pc, cl } = req;
    return cl === undefined ? { tool, args, labels, pc, lineage } : { tool, args, labels, pc, cl, lineage };
  }
}
