/**
 * A claim's lineage as a left-to-right SVG: sources → operations → the action's fields, with
 * untrusted nodes drawn loud. Columns by kind, operations spread by depth from the fields.
 */
import type { LineageGraph as Graph } from '../../../preload/contract';

const COL = 230;
const ROW = 46;
const W = 190;
const H = 32;

function layout(g: Graph) {
  // Depth of an operation = longest path to a field; sources go left of everything.
  const out = new Map<string, string[]>();
  for (const e of g.edges) out.set(e.from, [...(out.get(e.from) ?? []), e.to]);
  const depth = new Map<string, number>();
  const depthOf = (id: string, seen = new Set<string>()): number => {
    if (depth.has(id)) return depth.get(id)!;
    if (seen.has(id)) return 0;
    seen.add(id);
    const d = Math.max(0, ...(out.get(id) ?? []).map((t) => depthOf(t, seen) + 1));
    depth.set(id, d);
    return d;
  };
  g.nodes.forEach((n) => depthOf(n.id));
  const maxOp = Math.max(0, ...g.nodes.filter((n) => n.kind === 'op').map((n) => depth.get(n.id) ?? 0));
  const column = (n: Graph['nodes'][number]) =>
    n.kind === 'field' ? maxOp + 2 : n.kind === 'source' ? 0 : maxOp + 1 - (depth.get(n.id) ?? 1) + 1;
  const rows = new Map<number, number>();
  const pos = new Map<string, { x: number; y: number }>();
  for (const n of g.nodes) {
    const c = column(n);
    const r = rows.get(c) ?? 0;
    rows.set(c, r + 1);
    pos.set(n.id, { x: c * COL + 8, y: r * ROW + 8 });
  }
  const width = (maxOp + 3) * COL;
  const height = Math.max(...[...rows.values()], 1) * ROW + 16;
  return { pos, width, height };
}

const clip = (s: string, n = 30) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export function LineageGraph({ graph }: { graph: Graph }) {
  if (!graph.nodes.length) return <p>No lineage was recorded for this claim.</p>;
  const { pos, width, height } = layout(graph);
  return (
    <div
      className="lineage"
      role="img"
      aria-label={`Lineage: ${graph.nodes
        .filter((n) => n.kind === 'source')
        .map((n) => n.label)
        .join('; ')}`}
    >
      <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
        {graph.edges.map((e) => {
          const a = pos.get(e.from);
          const b = pos.get(e.to);
          if (!a || !b) return null;
          const x1 = a.x + W;
          const y1 = a.y + H / 2;
          const x2 = b.x;
          const y2 = b.y + H / 2;
          return (
            <path
              key={`${e.from}>${e.to}`}
              d={`M${x1},${y1} C${x1 + 30},${y1} ${x2 - 30},${y2} ${x2},${y2}`}
              className="edge"
            />
          );
        })}
        {graph.nodes.map((n) => {
          const p = pos.get(n.id)!;
          return (
            <g
              key={n.id}
              transform={`translate(${p.x},${p.y})`}
              className={`node node-${n.kind} ${n.untrusted ? 'untrusted' : ''}`}
            >
              <title>{n.label}</title>
              <rect width={W} height={H} rx={6} />
              <text x={8} y={H / 2 + 4}>
                {clip(n.label)}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
