import { triageProfile, triageWorld, type TriageResult } from '../../../main/assistant/triage';
import { str, UsageError } from '../args';
import { worldFile } from '../world-arg';
import { accountArg, noAccountWithWorld, withProfile } from '../profile-arg';
import { renderReport } from '../report';
import type { Command } from './types';
import { triageSpec } from './specs';

function print(r: TriageResult, json: boolean): void {
  if (json) {
    // Calls and claims as in the run report (contracts.md).
    const shaped = renderReport(
      {
        status: 'completed',
        mode: 'strict',
        result: null,
        resultLabel: null,
        error: null,
        calls: r.calls,
        claims: r.claims,
        transcript: [],
        stats: { steps: 0, graphNodes: 0, labels: 0, ms: 0 },
      },
      { sent: [], drafts: [], events: [], trash: [], responses: [], changes: [], transcript: [] },
    ) as { calls: unknown; claims: unknown };
    // Per-field lineage is left out here (a triage makes hundreds of calls); `claims show` has it.
    const calls = (shaped.calls as Record<string, unknown>[]).map(({ fields: _f, context: _c, ...rest }) => rest);
    process.stdout.write(JSON.stringify({ emails: r.emails, calls, claims: shaped.claims, runs: r.runs }) + '\n');
    return;
  }
  if (r.emails.length === 0) {
    process.stdout.write('Nothing new to triage.\n');
    return;
  }
  for (const e of r.emails) {
    process.stdout.write(
      `${e.id.padEnd(12)} ${e.category.padEnd(12)} ${e.summary.replace(/\s+/g, ' ').slice(0, 90)}${e.draftId ? `  [draft ${e.draftId}]` : ''}\n`,
    );
    for (const f of e.findings) process.stdout.write(`${' '.repeat(26)}why: ${f.reason}\n`);
  }
  const counts = new Map<string, number>();
  for (const e of r.emails) counts.set(e.category, (counts.get(e.category) ?? 0) + 1);
  process.stdout.write(
    `\n${r.emails.length} emails: ${[...counts].map(([k, n]) => `${n} ${k}`).join(', ')}; ${r.emails.filter((e) => e.draftId).length} drafts, ${r.claims.length} claims.\n`,
  );
}

export const triageCommand: Command = {
  ...triageSpec,
  async run(p) {
    if (p.positional.length) throw new UsageError('triage takes no arguments');
    noAccountWithWorld(p);
    const worldPath = str(p, '--world');
    const json = p.flags.has('--json');
    const opts = {
      drafts: !p.flags.has('--no-drafts'),
      onProgress: (done: number, total: number) => process.stderr.write(`triaged ${done}/${total}\n`),
    };
    const r = worldPath
      ? await triageWorld(worldFile(worldPath), opts)
      : await withProfile(p, (profile) => triageProfile(profile, { ...opts, account: accountArg(p, profile) }));
    print(r, json);
    return 0;
  },
};
