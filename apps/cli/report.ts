/** Renders a run report: the JSON object of contracts.md ("The CLI report"), or text for people. */
import type { RunReport } from '../../engine/run/types';
import type { WorldEffects } from '../../engine/world';

export function renderReport(r: RunReport, world: WorldEffects): Record<string, unknown> {
  return {
    status: r.status,
    mode: r.mode,
    result: r.result,
    error: r.error && {
      kind: r.error.kind,
      message: r.error.message,
      position: r.error.position,
      ...(r.error.limit ? { limit: r.error.limit } : {}),
    },
    calls: r.calls.map((c) => ({
      seq: c.seq,
      tool: c.tool,
      args: c.args,
      decision: c.decision,
      rule: c.rule,
      reasons: c.reasons,
      sources: c.sources,
      trusted: c.trusted,
      executed: c.executed,
      ...(c.claimId ? { claimId: c.claimId } : {}),
      ...(c.error ? { error: c.error } : {}),
      context: { sources: c.context.sources, untrusted: c.context.untrusted },
      fields: c.fields,
    })),
    claims: r.claims.map((c) => ({
      id: c.id,
      tool: c.tool,
      args: c.args,
      rule: c.rule,
      reasons: c.reasons,
      risk: c.risk,
      contentHash: c.contentHash,
      fields: c.fields,
    })),
    transcript: r.transcript,
    world,
    stats: r.stats,
  };
}

export function renderHuman(r: RunReport, world: WorldEffects): string {
  const lines: string[] = [];
  lines.push(`status: ${r.status} (${r.mode}, ${r.stats.ms} ms, ${r.stats.steps} steps)`);
  if (r.error) {
    const at = r.error.position ? ` at ${r.error.position.line}:${r.error.position.column}` : '';
    lines.push(`error: ${r.error.kind}${at}: ${r.error.fullMessage}`);
  }
  for (const line of r.transcript) lines.push(`log: ${line}`);
  for (const c of r.calls) {
    lines.push(`#${c.seq} ${c.tool} → ${c.decision.toUpperCase()} [${c.rule}]${c.executed ? '' : ' (not executed)'}`);
    for (const why of c.reasons) lines.push(`     - ${why}`);
  }
  for (const c of r.claims) lines.push(`claim ${c.id}: ${c.tool} (${c.risk} risk) awaits approval — ${c.contentHash}`);
  lines.push(`result: ${JSON.stringify(r.result)}`);
  const did = Object.entries(world)
    .filter(([, v]) => Array.isArray(v) && v.length)
    .map(([k, v]) => `${k}: ${(v as unknown[]).length}`);
  lines.push(`world: ${did.length ? did.join(', ') : 'unchanged'}`);
  return lines.join('\n') + '\n';
}
