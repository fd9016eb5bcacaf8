/**
 * The Ask screen's call: a request becomes a playbook run, or — when no playbook covers it and
 * a planner model is configured — a plan written by the model; either is shown with its plan,
 * every call and decision, and the result with where each part of it came from.
 */
import type { AskResult, ZamburakHandlers } from '../../preload/contract';
import { describeSource } from '../../engine/claims/explain';
import type { Json } from '../../engine/ifc/labeled-value';
import type { Label } from '../../engine/ifc/label';
import type { CallRecord, RunReport } from '../../engine/run/types';
import { matchRequest, SUPPORTED } from '../assistant/ask';
import { answerWarningsOf } from '../assistant/fraud';
import { askPlanner } from '../assistant/planner';
import { triagePlaybook, triageProfile } from '../assistant/triage';
import { runOnProfile } from '../runs/run-on-profile';
import { profileDirectory } from '../profile/directory';
import type { Account } from '../store/repositories';
import type { AppContext } from './inbox';
import { chosenAccount } from './chosen-account';

const text = (v: Json): string => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > 2000 ? `${s.slice(0, 1999)}…` : s;
};

const callView = (c: CallRecord) => ({
  seq: c.seq,
  tool: c.tool,
  args: { ...(c.args as Record<string, Json>) },
  decision: c.decision,
  rule: c.rule,
  reasons: [...c.reasons],
  executed: c.executed,
  claimId: c.claimId ?? null,
});

export function askHandlers(ctx: AppContext): ZamburakHandlers['ask'] {
  const p = ctx.profile;
  /** A run's status, calls, claims, and result parts, each with where it came from. */
  const reportView = (report: RunReport, account: Account) => {
    const dir = profileDirectory(p, account);
    const warningsOf = answerWarningsOf(p, account);
    const label: Label | null = report.resultLabel;
    const untrusted = label ? label.untrusted.length > 0 : false;
    const provenance = label
      ? untrusted
        ? `from ${[...new Set(label.untrusted.map((s) => describeSource(s, dir) ?? 'untrusted content'))].slice(0, 2).join(' and ')}`
        : 'your own data'
      : 'none';
    const value = report.result;
    const parts =
      value !== null && typeof value === 'object'
        ? Object.entries(value as Record<string, Json>).slice(0, 100)
        : value === null
          ? []
          : [['result', value] as const];
    return {
      status: report.status,
      error: report.error ? `${report.error.kind}: ${report.error.message}` : null,
      calls: report.calls.map(callView),
      result: parts.map(([path, v]) => {
        const value = text(v);
        const warnings = label ? warningsOf(value, label.untrusted) : [];
        return { path: String(path), value, provenance, untrusted, ...(warnings.length ? { warnings } : {}) };
      }),
      claims: report.claims.map((c) => c.id),
    };
  };
  return {
    async run(request, accountId): Promise<AskResult> {
      const account = chosenAccount(p, accountId) ?? p.primaryAccount();
      const match = matchRequest(request);
      const base = {
        request,
        account: { id: account.id, name: account.name, email: account.email },
        plan: '',
        plannedBy: null as string | null,
        calls: [],
        result: [],
        claims: [],
        supported: [...SUPPORTED],
      };
      if (!match) {
        ctx.assertRunning();
        const planned = await askPlanner(p, request, {
          clock: ctx.clock,
          account,
          ...(ctx.engine ? { engine: ctx.engine } : {}),
        });
        if (!planned)
          return {
            ...base,
            playbook: null,
            status: 'unsupported',
            error: 'Without a language model, Zamburak can do only the requests listed below.',
          };
        if ('error' in planned) return { ...base, playbook: null, status: 'failed', error: planned.error };
        return {
          ...base,
          ...reportView(planned.ran.report, account),
          playbook: null,
          plan: planned.plan.source,
          plannedBy: planned.by,
        };
      }
      ctx.assertRunning();
      if (match.playbook === 'triage') {
        const r = await triageProfile(p, { account, ...(ctx.engine ? { engine: ctx.engine } : {}) });
        return {
          ...base,
          playbook: 'triage',
          plan: triagePlaybook(),
          status: 'completed',
          error: null,
          calls: r.calls.map(callView),
          result: [
            {
              path: 'triaged',
              value: `${r.emails.length} emails`,
              provenance: 'counted by Zamburak',
              untrusted: false,
            },
          ],
          claims: r.claims.map((c) => c.id),
        };
      }
      const { report } = await runOnProfile(p, {
        plan: match.plan,
        input: match.input,
        kind: 'playbook',
        request,
        accountId: account.id,
        ...(ctx.engine ? { engine: ctx.engine } : {}),
      });
      return { ...base, ...reportView(report, account), playbook: match.playbook, plan: match.plan };
    },
  };
}
