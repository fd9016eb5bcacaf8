/**
 * A claim's lineage: sources → operations → the action's fields, laid out by dagre (no crossing
 * tangle of hand-placed columns) and drawn by React Flow. Top to bottom, because a plan's chains
 * are usually longer than they are wide; a graph too wide for the pane that way (many sources or
 * steps side by side) is laid out left to right when that fits better. The picture is never
 * shrunk below MIN_ZOOM (14 px text stays at least 12 px): one larger than the pane says so above
 * it, shows a map of the whole with the part in view, and is moved by dragging, by the arrow keys
 * (+ and − zoom, 0 fits it all) or with the buttons; Ctrl and the wheel zoom, the wheel alone
 * scrolls the page as everywhere else. Each node is as tall as its words need (a source's
 * sentence up to eight lines, a step's four); the full label and what the engine recorded
 * (`find`, `source searchEmails()[0].id`) are the node's tooltip.
 * Nothing is drawn over the picture: the map and the zoom buttons stand in a strip of their own
 * beside it (inside the same ReactFlowProvider), so no node is ever hidden under them.
 * A source that names an email or event opens it on click (or Enter).
 */
import { Graph, layout } from '@dagrejs/dagre';
import {
  Background,
  Controls,
  Handle,
  MiniMap,
  Position,
  ReactFlow,
  ReactFlowProvider,
  type Edge,
  type Node,
  type NodeProps,
  type NodeTypes,
  type ReactFlowInstance,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
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
/** Top to bottom, or left to right (dagre's rankdir). */
type Direction = 'TB' | 'LR';
type LineageNode = Node<{ item: Item; direction: Direction }, 'lineage'>;
/** The tallest the picture's pane grows before it is panned. */
const MAX_HEIGHT = 640;
/** The map's size, and the strip beside the drawing that holds it and the zoom buttons. */
const MAP = { width: 150, height: 100 } as const;
const STRIP_PAD = 8;
const CONTROL_PX = 27;
const strip = (withMap: boolean): number => (withMap ? MAP.width : CONTROL_PX) + 2 * STRIP_PAD;

function open(n: Item) {
  if (n.item?.kind === 'email') go('inbox', n.item.id);
}

function LineageBox({ data }: NodeProps<LineageNode>) {
  const n = data.item;
  const [into, out] = data.direction === 'TB' ? [Position.Top, Position.Bottom] : [Position.Left, Position.Right];
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
      {n.kind !== 'source' && <Handle type="target" position={into} isConnectable={false} />}
      <span className="kind">{headingOf(n)}</span>
      {/* The whole label for screen readers, the part that fits for the eye. */}
      <span className="visually-hidden">{n.label}</span>
      <span className="text" aria-hidden="true" style={{ WebkitLineClamp: labelLines(n) }}>
        {n.label}
      </span>
      {n.kind !== 'field' && <Handle type="source" position={out} isConnectable={false} />}
    </div>
  );
}

const NODE_TYPES: NodeTypes = { lineage: LineageBox };

interface Layout {
  readonly nodes: LineageNode[];
  readonly edges: Edge[];
  readonly width: number;
  readonly height: number;
}

/** Positions from dagre, ranked in `direction`. */
function laidOut(g: LineageData, direction: Direction): Layout {
  const d = new Graph();
  d.setGraph({ rankdir: direction, nodesep: 10, ranksep: 34, marginx: 8, marginy: 8 });
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
      data: { item: n, direction },
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
  return { nodes, edges, width: d.graph().width ?? 0, height: d.graph().height ?? 0 };
}

/** How far a layout at its reading size spills out of a pane `width` wide (0: it fits). */
const overflow = (l: Layout, width: number): number =>
  Math.max(0, l.width * MIN_ZOOM - width) + Math.max(0, l.height * MIN_ZOOM - MAX_HEIGHT);

/** Top to bottom when it fits the pane; else whichever way spills out less. */
function bestLayout(g: LineageData, width: number): Layout {
  const tb = laidOut(g, 'TB');
  if (overflow(tb, width) === 0) return tb;
  const lr = laidOut(g, 'LR');
  return overflow(lr, width) < overflow(tb, width) ? lr : tb;
}

interface Arranged {
  readonly laid: Layout;
  /** Larger than its drawing: it has a map, and its strip is the map's width. */
  readonly larger: boolean;
  /** The drawing's width: the pane's less the strip beside it. */
  readonly width: number;
}

/** The layout for a pane `paneWidth` wide, and whether it needs the map (and so a wider strip). */
function arrange(g: LineageData, paneWidth: number): Arranged {
  const plain = paneWidth - strip(false);
  const fits = bestLayout(g, plain);
  if (overflow(fits, plain) === 0) return { laid: fits, larger: false, width: plain };
  const width = paneWidth - strip(true);
  return { laid: bestLayout(g, width), larger: true, width };
}

/** What the arrow keys, + − and 0 do to the picture. */
const PAN_PX = 80;
function onKeys(flow: ReactFlowInstance<LineageNode> | null, e: React.KeyboardEvent): void {
  if (!flow || e.target !== e.currentTarget || e.ctrlKey || e.metaKey || e.altKey) return;
  const v = flow.getViewport();
  const move: Readonly<Record<string, [number, number]>> = {
    ArrowLeft: [PAN_PX, 0],
    ArrowRight: [-PAN_PX, 0],
    ArrowUp: [0, PAN_PX],
    ArrowDown: [0, -PAN_PX],
  };
  const m = move[e.key];
  if (m) void flow.setViewport({ ...v, x: v.x + m[0], y: v.y + m[1] });
  else if (e.key === '+' || e.key === '=') void flow.zoomIn();
  else if (e.key === '-') void flow.zoomOut();
  else if (e.key === '0') void flow.fitView();
  else return;
  e.preventDefault();
  e.stopPropagation();
}

export function LineageGraph({ graph }: { graph: LineageData }) {
  const box = useRef<HTMLDivElement>(null);
  const flow = useRef<ReactFlowInstance<LineageNode> | null>(null);
  // The pane's width, measured once it is drawn: the layout is chosen to fit it.
  const [paneWidth, setPaneWidth] = useState<number | null>(null);
  useLayoutEffect(() => setPaneWidth(box.current?.getBoundingClientRect().width ?? null), []);
  const arranged = useMemo(() => (paneWidth === null ? null : arrange(graph, paneWidth)), [graph, paneWidth]);
  if (!graph.nodes.length) return <p>No lineage was recorded for this claim.</p>;
  const laid = arranged?.laid ?? null;
  const larger = arranged?.larger ?? false;
  const paneHeight = laid ? Math.min(Math.max(laid.height * MIN_ZOOM + 24, 160), MAX_HEIGHT) : 160;
  // A picture larger than the pane starts where it starts (its sources), not in its middle.
  const start = (size: number, pane: number) => (size * MIN_ZOOM <= pane ? (pane - size * MIN_ZOOM) / 2 : 8);
  const first =
    larger && arranged
      ? { x: start(arranged.laid.width, arranged.width), y: start(arranged.laid.height, paneHeight), zoom: MIN_ZOOM }
      : null;
  return (
    <ReactFlowProvider>
      {larger && (
        <p className="note lineage-hint" id="lineage-hint">
          This picture is larger than the pane. Drag it or use the arrow keys to see the rest (the map beside it shows
          where you are); zoom with + and −, or Ctrl and the mouse wheel; 0 shows it all.
        </p>
      )}
      <div
        ref={box}
        className="lineage"
        role="group"
        tabIndex={0}
        aria-label="Lineage: where every field came from"
        aria-describedby={larger ? 'lineage-hint' : undefined}
        onKeyDown={(e) => onKeys(flow.current, e)}
        // As tall as the picture at its reading size, within bounds: no empty band, no tiny text.
        style={{ height: `${paneHeight}px` }}
      >
        <div className="lineage-drawing">
          {laid && (
            <ReactFlow
              nodes={laid.nodes}
              edges={laid.edges}
              nodeTypes={NODE_TYPES}
              onInit={(f) => (flow.current = f)}
              {...(first
                ? { defaultViewport: first }
                : { fitView: true, fitViewOptions: { padding: 0.04, minZoom: MIN_ZOOM, maxZoom: 1 } })}
              minZoom={0.2}
              maxZoom={2}
              zoomOnScroll={false}
              preventScrolling={false}
              nodesDraggable={false}
              nodesConnectable={false}
              elementsSelectable={false}
              onNodeClick={(_, node) => open(node.data.item)}
            >
              <Background gap={16} size={1} />
            </ReactFlow>
          )}
        </div>
        {laid && (
          <div className="lineage-strip" style={{ width: strip(larger), padding: STRIP_PAD }}>
            {larger && <MiniMap pannable zoomable ariaLabel="Map of the whole picture" style={MAP} />}
            <Controls showInteractive={false} orientation={larger ? 'horizontal' : 'vertical'} />
          </div>
        )}
      </div>
    </ReactFlowProvider>
  );
}
