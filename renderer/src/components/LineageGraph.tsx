/**
 * A claim's lineage, top to bottom: sources → operations → the action's fields, laid out by
 * dagre (no crossing tangle of hand-placed columns) and drawn by React Flow with fit, zoom and
 * pan. Top to bottom because a plan's chains are longer than they are wide, so the picture fits
 * the pane at a size people can read: it is never shrunk below MIN_ZOOM (14 px text stays at
 * least 12 px); a larger one is panned. Each node is as tall as its words need (a source's
 * sentence up to eight lines, a step's four); the full label and what
 * the engine recorded (`find`, `source searchEmails()[0].id`) are the node's tooltip.
 * A source that names an email or event opens it on click (or Enter).
 */
import { Graph, layout } from '@dagrejs/dagre';
import {
  Background,
  Controls,
  Handle,
  Position,
  ReactFlow,
  type Edge,
  type Node,
  type NodeProps,
  type NodeTypes,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useMemo } from 'react';
import type { LineageGraph as LineageData } from '../../../preload/contract';
import { go } from '../route';

const W = 160;
/** About as many characters as a line of the node's 14 px text holds, for its height. */
const LINE_CHARS = 17;
const LINE_PX = 18.2;
const PADDING_PX = 8;
/** A label's lines at most: a source's sentence (an email's subject and sender) needs up to eight. */
const MAX_LINES = { source: 8, op: 4, field: 4 } as const;
/** The lines `s` wraps to, as the browser breaks it (after spaces and hyphens; a long word anywhere). */
function linesOf(s: string, max: number): number {
  let lines = 1;
  let col = 0;
  for (const word of s.split(/(?<=[\s-])/)) {
    if (col > 0 && (word.startsWith('\n') || col + word.trimEnd().length > LINE_CHARS)) {
      lines += 1;
      col = 0;
    }
    col += word.replace(/^\n+/, '').length;
    for (; col > LINE_CHARS; col -= LINE_CHARS) lines += 1;
    if (word.endsWith('\n')) {
      lines += 1;
      col = 0;
    }
  }
  return Math.min(max, lines);
}
const headingOf = (n: Item): string => n.heading ?? KIND_WORDS[n.kind];
/** As tall as its heading and label need, so a sentence is cut only past its last line. */
const labelLines = (n: Item): number => linesOf(n.label, MAX_LINES[n.kind]);
const heightOf = (n: Item): number => Math.round(PADDING_PX + (linesOf(headingOf(n), 2) + labelLines(n)) * LINE_PX + 4);
const MIN_ZOOM = 0.86;
const KIND_WORDS = { source: 'Source', op: 'Step', field: 'What it sets' } as const;

type Item = LineageData['nodes'][number];
type LineageNode = Node<{ item: Item }, 'lineage'>;

function open(n: Item) {
  if (n.item?.kind === 'email') go('inbox', n.item.id);
}

function LineageBox({ data }: NodeProps<LineageNode>) {
  const n = data.item;
  const opens = n.item?.kind === 'email';
  // A source's detail is its id (tool:getEmail:e14): words for a person, the id for the record.
  const detail = n.kind !== 'source' && n.detail && n.detail !== n.label ? `(${n.detail})` : '';
  const tip = [n.label, detail, opens ? '— click to open it' : ''].filter(Boolean).join(' ');
  return (
    <div
      className={`lineage-node node-${n.kind} ${n.untrusted ? 'untrusted' : ''} ${opens ? 'opens' : ''}`}
      style={{ height: heightOf(n) }}
      title={tip}
      {...(opens
        ? {
            role: 'link',
            tabIndex: 0,
            onKeyDown: (e: React.KeyboardEvent) => e.key === 'Enter' && open(n),
          }
        : {})}
    >
      {n.kind !== 'source' && <Handle type="target" position={Position.Top} isConnectable={false} />}
      <span className="kind">{headingOf(n)}</span>
      {/* The whole label for screen readers, the part that fits for the eye. */}
      <span className="visually-hidden">{n.label}</span>
      <span className="text" aria-hidden="true" style={{ WebkitLineClamp: labelLines(n) }}>
        {n.label}
      </span>
      {n.kind !== 'field' && <Handle type="source" position={Position.Bottom} isConnectable={false} />}
    </div>
  );
}

const NODE_TYPES: NodeTypes = { lineage: LineageBox };

/** Positions from dagre, ranked left to right. */
function laidOut(g: LineageData): { nodes: LineageNode[]; edges: Edge[]; height: number } {
  const d = new Graph();
  d.setGraph({ rankdir: 'TB', nodesep: 10, ranksep: 34, marginx: 8, marginy: 8 });
  d.setDefaultEdgeLabel(() => ({}));
  for (const n of g.nodes) d.setNode(n.id, { width: W, height: heightOf(n) });
  for (const e of g.edges) d.setEdge(e.from, e.to);
  layout(d);
  const nodes = g.nodes.map((n): LineageNode => {
    const p = d.node(n.id);
    return {
      id: n.id,
      type: 'lineage',
      position: { x: (p?.x ?? 0) - W / 2, y: (p?.y ?? 0) - heightOf(n) / 2 },
      data: { item: n },
      draggable: false,
      connectable: false,
      width: W,
      height: heightOf(n),
    };
  });
  const untrusted = new Set(g.nodes.filter((n) => n.untrusted).map((n) => n.id));
  const edges = g.edges.map((e): Edge => ({
    id: `${e.from}>${e.to}`,
    source: e.from,
    target: e.to,
    className: untrusted.has(e.from) ? 'untrusted' : '',
  }));
  return { nodes, edges, height: d.graph().height ?? 0 };
}

export function LineageGraph({ graph }: { graph: LineageData }) {
  const { nodes, edges, height } = useMemo(() => laidOut(graph), [graph]);
  if (!graph.nodes.length) return <p>No lineage was recorded for this claim.</p>;
  return (
    <div
      className="lineage"
      role="group"
      aria-label="Lineage: where every field came from"
      // As tall as the picture at its reading size, within bounds: no empty band, no tiny text.
      style={{ height: `${Math.min(Math.max(height * MIN_ZOOM + 24, 160), 640)}px` }}
    >
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES}
        fitView
        fitViewOptions={{ padding: 0.04, minZoom: MIN_ZOOM, maxZoom: 1 }}
        minZoom={0.2}
        maxZoom={2}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        onNodeClick={(_, node) => open(node.data.item)}
      >
        <Background gap={16} size={1} />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
