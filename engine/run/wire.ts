/**
 * The wire format between the guest runtime and the host: labeled JSON with labels sent as a
 * table of descriptors. Everything that arrives from the guest is parsed with zod: the sandbox
 * is the untrusted side of this boundary.
 */
import * as z from 'zod';
import type { Label } from '../ifc/label';
import type { Json, JsonPrimitive, LabeledValue } from '../ifc/labeled-value';

const LabelDesc = z.object({
  s: z.array(z.string()),
  u: z.array(z.string()),
  r: z.array(z.string()).nullable(),
  c: z.array(z.string()),
  v: z.string().optional(),
});
export type LabelDesc = z.infer<typeof LabelDesc>;

export type Encoded =
  | { k: 'p'; v: JsonPrimitive; l: number; d?: number }
  | { k: 'u'; l: number; d?: number }
  | { k: 'x'; w: string; l: number; d?: number }
  | { k: 'a'; l: number; d?: number; i: Encoded[] }
  | { k: 'o'; l: number; d?: number; e: Record<string, Encoded> };

// A union on `k`: each message part is checked against its own kind only (a plain union would
// try the kinds in turn, building an error for each miss, on every part of every message).
const EncodedSchema: z.ZodType<Encoded> = z.lazy(() =>
  z.discriminatedUnion('k', [
    z.object({
      k: z.literal('p'),
      v: z.union([z.string(), z.number(), z.boolean(), z.null()]),
      l: z.number(),
      d: z.number().optional(),
    }),
    z.object({ k: z.literal('u'), l: z.number(), d: z.number().optional() }),
    z.object({ k: z.literal('x'), w: z.string(), l: z.number(), d: z.number().optional() }),
    z.object({ k: z.literal('a'), l: z.number(), d: z.number().optional(), i: z.array(EncodedSchema) }),
    z.object({ k: z.literal('o'), l: z.number(), d: z.number().optional(), e: z.record(z.string(), EncodedSchema) }),
  ]),
);

/**
 * A label whose sources are named by reference: `n` is the root of a source set the guest sent
 * in this run's requests (`SetsDelta`, run/source-sets.ts), 0 for none.
 */
const LabelRef = z.object({
  n: z.number(),
  r: z.array(z.string()).nullable(),
  c: z.array(z.string()),
  v: z.string().optional(),
});
export type LabelRef = z.infer<typeof LabelRef>;
/** A label on the wire: spelled out, or its sources by reference. */
const WireLabel = z.union([LabelDesc, LabelRef]);
export type WireLabel = z.infer<typeof WireLabel>;

/** What the guest adds to the run's source sets with a request: new names, new nodes. */
const SetsDelta = z.object({
  names: z.array(z.string()),
  /** The ids of the new names that are untrusted (a name's id: its place in the run's table). */
  untrusted: z.array(z.number()),
  /** `[id, depth, ...kids]`: a leaf's words of 30 bits, an inner node's children. */
  nodes: z.array(z.array(z.number())),
});
export type SetsDelta = z.infer<typeof SetsDelta>;

type LineageTree = { op: string; sources?: string[]; from?: LineageTree[] };
const Lineage: z.ZodType<LineageTree> = z.lazy(() =>
  z.object({ op: z.string(), sources: z.array(z.string()).optional(), from: z.array(Lineage).optional() }),
);
/** A lineage node as the guest sends it: its sources by reference, or spelled out. */
export type LineageRef = { op: string; sources?: string[]; n?: number; from?: LineageRef[] };
const LineageRef: z.ZodType<LineageRef> = z.lazy(() =>
  z.object({
    op: z.string(),
    sources: z.array(z.string()).optional(),
    n: z.number().optional(),
    from: z.array(LineageRef).optional(),
  }),
);

/** A tool request as the host serves it: every label and lineage node with its sources named. */
export const ToolRequest = z.object({
  tool: z.string(),
  args: EncodedSchema,
  labels: z.record(z.string(), LabelDesc),
  pc: z.number(),
  /** The label of what the calls so far were made under (the guest's R.cl). */
  cl: z.number().optional(),
  lineage: z.record(z.string(), Lineage.nullable()),
});
export type ToolRequest = z.infer<typeof ToolRequest>;

/** A tool request as the guest sends it: labels and lineage may name sources by reference. */
export const WireToolRequest = z.object({
  tool: z.string(),
  args: EncodedSchema,
  labels: z.record(z.string(), WireLabel),
  pc: z.number(),
  cl: z.number().optional(),
  lineage: z.record(z.string(), LineageRef.nullable()),
  sets: SetsDelta.optional(),
});
export type WireToolRequest = z.infer<typeof WireToolRequest>;

/** The plan's result: its labels by reference, with the names and nodes not sent before. */
export const ResultMessage = z.object({
  value: EncodedSchema,
  labels: z.record(z.string(), WireLabel),
  sets: SetsDelta.optional(),
});
export type ResultMessage = z.infer<typeof ResultMessage>;

export const GuestError = z.object({
  kind: z.string(),
  name: z.string().optional(),
  message: z.string(),
  limit: z.string().optional(),
  label: WireLabel.optional(),
  sets: SetsDelta.optional(),
  stack: z.string().optional(),
  pos: z.object({ line: z.number(), column: z.number() }).optional(),
});
export type GuestError = z.infer<typeof GuestError>;

export function labelFromDesc(d: LabelDesc | undefined): Label {
  if (!d) return { sources: [], untrusted: [], readers: 'public', caps: [] };
  const l: Label = {
    sources: [...new Set(d.s)].sort(),
    untrusted: [...new Set(d.u)].sort(),
    readers: d.r === null ? 'public' : [...new Set(d.r)].sort(),
    caps: [...new Set(d.c)].sort(),
  };
  return d.v ? { ...l, verified: d.v } : l;
}

export function descOf(l: Label): LabelDesc {
  const d: LabelDesc = {
    s: [...l.sources],
    u: [...l.untrusted],
    r: l.readers === 'public' ? null : [...l.readers],
    c: [...l.caps],
  };
  if (l.verified) d.v = l.verified;
  return d;
}

/**
 * One host label object per distinct label of a run: the gate memoises what it derives from a
 * label per label object, and a run's calls keep sending the same labels. Keyed by the label's
 * content, never by the guest's id (the sandbox is untrusted: an id names a label only within one
 * message), or by what `known` answers (run/source-sets.ts: the host's own table of the run's
 * sets, keyed by content as the host holds it). Bounded, as a hostile plan could send many
 * distinct labels.
 */
export function labelInterner(
  max = 10_000,
  known: (d: LabelDesc) => Label | undefined = () => undefined,
): (d: LabelDesc | undefined) => Label {
  const byContent = new Map<string, Label>();
  return (d) => {
    if (!d) return labelFromDesc(d);
    // A description resolved from a source set's reference: its label, made once per run.
    const k = known(d);
    if (k) return k;
    const key = JSON.stringify(d);
    let l = byContent.get(key);
    if (!l) {
      if (byContent.size >= max) byContent.clear();
      byContent.set(key, (l = labelFromDesc(d)));
    }
    return l;
  };
}

/** Guest encoding → LabeledValue: one label object per label id of the message. */
export function decode(
  e: Encoded,
  labels: Record<string, LabelDesc>,
  labelOfDesc: (d: LabelDesc | undefined) => Label = labelFromDesc,
): LabeledValue {
  const byId = new Map<number, Label>();
  const labelOf = (id: number): Label => {
    let l = byId.get(id);
    if (!l) byId.set(id, (l = labelOfDesc(id ? labels[String(id)] : undefined)));
    return l;
  };
  const go = (x: Encoded): LabeledValue => {
    const label = labelOf(x.l);
    const node = x.d !== undefined && x.d >= 0 ? x.d : undefined;
    switch (x.k) {
      case 'p':
        return { kind: 'prim', value: x.v, label, node };
      case 'u':
        return { kind: 'prim', value: undefined, label, node };
      case 'x':
        return { kind: 'opaque', what: x.w, label, node };
      case 'a':
        return { kind: 'array', label, items: x.i.map(go), node };
      case 'o': {
        const entries: Record<string, LabeledValue> = {};
        for (const [k, v] of Object.entries(x.e)) entries[k] = go(v);
        return { kind: 'object', label, entries, node };
      }
    }
  };
  return go(e);
}

/**
 * How labels lie over a value sent into the sandbox, beside the plain JSON value itself: a label
 * id where every part of the subtree (structure and leaves) has that label, otherwise one entry
 * per part. Tool output is mostly uniform per item, so the message is the data plus a few ids.
 * The items of a list are mostly alike but for their ids (every email: its own two labels), so a
 * list names each distinct item shape once, as a template among its own (the fourth entry) whose
 * numbers are slots, and an item as `['t', template, ids]`, the label id of each slot: the guest
 * parses 300 emails' shapes as 300 short entries, not 300 copies of the same twelve keys.
 */
export type LabelShape =
  | number
  | ['a', number, LabelShape[]]
  | ['a', number, LabelShape[], LabelShape[]]
  | ['o', number, Record<string, LabelShape>]
  /** A leaf whose value is undefined (JSON has no such value). */
  | ['u', number]
  /** An item of the enclosing list's template, with the label id of each of its slots. */
  | ['t', number, number[]];

/**
 * A label with the sources, untrusted sources and readers of label `p` of the same message (sent
 * before it): an item's labels differ only in the firewall's caps, and an email's readers are all
 * its recipients.
 */
export interface LabelTwin {
  readonly p: number;
  readonly c: string[];
  readonly v?: string;
}

/** What the host sends into the sandbox: plain JSON, its label shape and the label table. */
export interface GuestValue {
  readonly value: Json;
  readonly shape: LabelShape;
  readonly labels: Record<string, WireLabel | LabelTwin>;
}

/**
 * What names a list of names in a label's key: a short list (an email's own source, its two
 * caps) its JSON text, read each time (remembering the list object cost more than that); a long
 * one a small number per distinct list, looked up by the list object first: the parts of a
 * tool's output share their label's lists (the firewall adds caps to a copy that keeps the
 * sources and readers), and a list can be long (an email's readers are all its recipients:
 * thousands), so its content is read once, not once per part. (A text starts with `[`, a
 * number never does.)
 */
function partIds(): (names: readonly string[]) => string {
  const byList = new WeakMap<readonly string[], string>();
  const byText = new Map<string, string>();
  return (names) => {
    if (names.length <= SHORT_LIST) return JSON.stringify(names);
    let id = byList.get(names);
    if (id === undefined) {
      const text = JSON.stringify(names);
      id = byText.get(text);
      if (id === undefined) byText.set(text, (id = String(byText.size)));
      byList.set(names, id);
    }
    return id;
  };
}
const SHORT_LIST = 8;

/**
 * LabeledValue → what the guest imports (the host side of the guest's `importValue`), each label
 * as `wire` sends it: spelled out, or by reference in a reply (run/source-sets.ts `ReplyLabels`).
 */
export function encode(v: LabeledValue, wire: (l: Label) => WireLabel = descOf): GuestValue {
  // Tools reuse one label object across the parts of an item: look each object up once.
  const byObject = new Map<Label, number>();
  const byContent = new Map<string, number>();
  const labels: Record<string, WireLabel | LabelTwin> = {};
  const part = partIds();
  // The last label spelled out, and its sources, untrusted sources and readers (as part ids).
  let last = { id: 0, names: '' };
  // The label looked up before, and its names: an item's second label (the firewall's caps
  // added) holds the first one's lists themselves, known alike without reading them again.
  let before: { label: Label | null; names: string } = { label: null, names: '' };
  const namesOf = (l: Label): string => {
    const b = before.label;
    if (b !== null && b.sources === l.sources && b.untrusted === l.untrusted && b.readers === l.readers) {
      before = { label: l, names: before.names };
      return before.names;
    }
    const r = l.readers === 'public' ? '*' : part(l.readers);
    before = { label: l, names: `${part(l.sources)}|${part(l.untrusted)}|${r}` };
    return before.names;
  };
  const idOf = (l: Label): number => {
    let id = byObject.get(l);
    if (id !== undefined) return id;
    if (!l.sources.length && !l.caps.length && l.readers === 'public' && !l.verified) id = 0;
    else {
      const names = namesOf(l);
      const k = `${names}|${part(l.caps)}|${l.verified ?? ''}`;
      id = byContent.get(k);
      if (id === undefined) {
        id = byContent.size + 1;
        byContent.set(k, id);
        const w = wire(l);
        if ('s' in w && last.id !== 0 && names === last.names) {
          labels[String(id)] = w.v === undefined ? { p: last.id, c: w.c } : { p: last.id, c: w.c, v: w.v };
        } else {
          labels[String(id)] = w;
          last = 's' in w ? { id, names } : { id: 0, names: '' };
        }
      }
    }
    byObject.set(l, id);
    return id;
  };
  const go = (x: LabeledValue): { value: Json; shape: LabelShape } => {
    const l = idOf(x.label);
    switch (x.kind) {
      case 'prim':
        return x.value === undefined ? { value: null, shape: ['u', l] } : { value: x.value, shape: l };
      case 'opaque':
        return { value: `<${x.what}>`, shape: l };
      case 'array': {
        const parts = x.items.map(go);
        const value = parts.map((p) => p.value);
        const uniform = parts.every((p) => p.shape === l);
        return { value, shape: uniform ? l : listShape(l, parts) };
      }
      case 'object': {
        const value: Record<string, Json> = {};
        const shapes: Record<string, LabelShape> = {};
        let uniform = true;
        for (const [k, e] of Object.entries(x.entries)) {
          const p = go(e);
          value[k] = p.value;
          shapes[k] = p.shape;
          if (p.shape !== l) uniform = false;
        }
        return { value, shape: uniform ? l : ['o', l, shapes] };
      }
    }
  };
  const { value, shape } = go(v);
  return { value, shape, labels };
}

/** A list's shape: its items' shapes, as templates where two or more items share one. */
function listShape(l: number, parts: readonly { shape: LabelShape }[]): LabelShape {
  const items = parts.map((p) => p.shape);
  const templates: LabelShape[] = [];
  const byText = new Map<string, number>();
  let made = 0;
  const refs = items.map((s): LabelShape => {
    if (typeof s === 'number' || s[0] === 'u') return s;
    const ids: number[] = [];
    const text = templateText(s, ids);
    let k = byText.get(text);
    if (k === undefined) byText.set(text, (k = templates.push(slotted(s, [])) - 1));
    made++;
    return ['t', k, ids];
  });
  return templates.length < made ? ['a', l, refs, templates] : ['a', l, items];
}

/** The slot of a label id: its place in `ids` (added when new). */
function slotOf(id: number, ids: number[]): number {
  const at = ids.indexOf(id);
  return at >= 0 ? at : ids.push(id) - 1;
}

/** What identifies `s` as a template (its text with slots for ids), its ids added to `ids`. */
function templateText(s: LabelShape, ids: number[]): string {
  if (typeof s === 'number') return String(slotOf(s, ids));
  switch (s[0]) {
    case 'u':
      return `u${slotOf(s[1], ids)}`;
    case 't':
      return `t${s[1]}(${s[2].map((id) => slotOf(id, ids)).join(',')})`;
    case 'o': {
      let text = `o${slotOf(s[1], ids)}{`;
      for (const k in s[2]) text += `${JSON.stringify(k)}:${templateText(s[2][k]!, ids)},`;
      return `${text}}`;
    }
    case 'a': {
      let text = `a${slotOf(s[1], ids)}[`;
      for (const x of s[2]) text += `${templateText(x, ids)},`;
      return s.length === 4 ? `${text}]${JSON.stringify(s[3])}` : `${text}]`;
    }
  }
}

/** `s` with each label id replaced by its slot (in the order templateText gives them). */
function slotted(s: LabelShape, ids: number[]): LabelShape {
  if (typeof s === 'number') return slotOf(s, ids);
  switch (s[0]) {
    case 'u':
      return ['u', slotOf(s[1], ids)];
    case 't':
      return ['t', s[1], s[2].map((id) => slotOf(id, ids))];
    case 'o': {
      const l = slotOf(s[1], ids);
      const parts: Record<string, LabelShape> = {};
      for (const k in s[2]) parts[k] = slotted(s[2][k]!, ids);
      return ['o', l, parts];
    }
    case 'a': {
      const l = slotOf(s[1], ids);
      const items = s[2].map((x) => slotted(x, ids));
      return s.length === 4 ? ['a', l, items, s[3]] : ['a', l, items];
    }
  }
}

/** Canonical JSON (sorted keys): what a content hash is computed over. */
export function canonicalJson(v: Json | undefined): string {
  if (v === undefined) return 'null';
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  return `{${Object.keys(v)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson(v[k])}`)
    .join(',')}}`;
}
