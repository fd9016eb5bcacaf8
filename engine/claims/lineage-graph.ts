/**
 * A claim's lineage as a small left-to-right graph a person can read: sources (an email, your
 * contacts, what you typed) → operations (the plan's transformations) → the action's fields.
 * Built from the labels the engine recorded, not from anything the plan said. Listing
 * membership (`…#listed`) collapses into one node per tool, and the graph is bounded so a
 * field with a thousand ancestors still draws.
 */
import { isListedSource } from '../ifc/label';
import type { FieldLineage, LineageNode } from '../run/types';
import { listingPhrase } from './reasons';
import { stepNode } from './step-words';
import { emailIdOf, eventIdOf } from './sources';

export interface GraphNode {
  readonly id: string;
  readonly kind: 'source' | 'op' | 'field';
  /** The line above the label, where it is not the kind's own ("From a search of your mail"). */
  readonly heading?: string;
  readonly label: string;
  readonly untrusted: boolean;
  /** What the engine recorded (a source id, a step's operator), for the node's tooltip. */
  readonly detail?: string;
  /** The email or event a source names (a reader can open it). */
  readonly item?: { readonly kind: 'email' | 'event'; readonly id: string };
}
export interface LineageGraph {
  readonly nodes: GraphNode[];
  readonly edges: { from: string; to: string }[];
}

const MAX_NODES = 60;

/**
 * A source node as what happened: "Read the email “Invoice” from billing@…", "Looked at the
 * event “Standup” …"; any other source ("what you typed") as its words, capitalised.
 */
function sourceSentence(source: string, words: string): string {
  if (emailIdOf(source)) return `Read ${words}`;
  if (eventIdOf(source)) return `Looked at ${words}`;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** `describe` turns a source id into words ("email “Invoice” from billing@…"), `fieldLabel` a field's path. */
export function lineageGraph(
  fields: readonly FieldLineage[],
  describe: (source: string) => string,
  fieldLabel: (path: string) => string = (p) => p,
): LineageGraph {
  const nodes = new Map<string, GraphNode>();
  const edges = new Map<string, { from: string; to: string }>();
  const untrustedSources = new Set(fields.flatMap((f) => f.untrusted));
  const allListed = [...new Set(fields.flatMap((f) => [...f.sources, ...f.untrusted]).filter(isListedSource))];
  const listedCount = (tool: string | undefined) => allListed.filter((s) => s.startsWith(`tool:${tool}:`)).length;
  const add = (n: GraphNode): boolean => {
    if (nodes.has(n.id)) return true;
    if (nodes.size >= MAX_NODES) return false;
    nodes.set(n.id, n);
    return true;
  };
  const link = (from: string, to: string) => {
    if (nodes.has(from) && nodes.has(to) && from !== to) edges.set(`${from}>${to}`, { from, to });
  };
  const sourceNode = (s: string): string => {
    const listed = isListedSource(s);
    const tool = /^tool:([^:]+):/.exec(s)?.[1];
    const id = listed ? `src:listed:${tool ?? s}` : `src:${s}`;
    const email = listed ? null : emailIdOf(s);
    const event = listed ? null : eventIdOf(s);
    add({
      id,
      kind: 'source',
      label: listed ? `Depends on ${listingPhrase(tool ?? '', listedCount(tool))}` : sourceSentence(s, describe(s)),
      untrusted: untrustedSources.has(s),
      detail: listed ? `tool:${tool ?? s}:…#listed` : s,
      ...(email
        ? { item: { kind: 'email' as const, id: email } }
        : event
          ? { item: { kind: 'event' as const, id: event } }
          : {}),
    });
    return id;
  };
  // Operation nodes are keyed by their path from the field, so shared subtrees stay separate
  // only when they truly differ; depth is bounded to keep the picture small.
  const walk = (n: LineageNode, key: string, depth: number): string | null => {
    const sources = n.sources ?? [];
    const id = `op:${key}`;
    const untrusted = sources.some((s) => untrustedSources.has(s));
    if (!add({ id, kind: 'op', ...stepNode(n.op), detail: n.op, untrusted })) return null;
    for (const s of sources) link(sourceNode(s), id);
    if (depth < 4)
      (n.from ?? []).forEach((child, i) => {
        const c = walk(child, `${key}.${i}`, depth + 1);
        if (c) link(c, id);
      });
    return id;
  };
  for (const f of fields) {
    const fid = `field:${f.path}`;
    add({ id: fid, kind: 'field', label: fieldLabel(f.path), untrusted: f.untrusted.length > 0 });
    if (f.lineage) {
      const top = walk(f.lineage, f.path, 0);
      if (top) link(top, fid);
    } else for (const s of f.sources) link(sourceNode(s), fid);
  }
  return { nodes: [...nodes.values()], edges: [...edges.values()] };
}
