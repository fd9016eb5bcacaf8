/**
 * The Ask screen's call: a request becomes a playbook run, or — when no playbook covers it and
 * a planner model is configured — a plan written by the model; either is shown with its plan,
 * every call and decision, and the result with where each part of it came from.
 */
import type { AskResult, AskTextLine, ZamburakHandlers } from '../../preload/contract';
import { provenanceChip } from '../../engine/claims/explain';
import type { Json } from '../../engine/ifc/labeled-value';
import type { Label } from '../../engine/ifc/label';
import type { CallRecord, RunReport } from '../../engine/run/types';
import { ruleWords } from '../../engine/policy/rule-words';
import { toolWordsFirst } from '../../engine/tools/tool-words';
import { interpret, SUPPORTED } from '../assistant/ask';
import { answerWarningsOf } from '../assistant/fraud';
import { askPlanner } from '../assistant/planner';
import { aboutInProfile } from '../assistant/about-email';
import { inputOver } from '../assistant/reply-writer';
import { resultText } from '../assistant/result-text';
import { stoppedWhy, triagePlaybook, triageProfile, triageSentence } from '../assistant/triage';
import { runOnProfile } from '../runs/run-on-profile';
import { profileDirectory } from '../profile/directory';
import { timeStyleOf } from '../profile/time-style';
import type { Account } from '../store/repositories';
import type { AppContext } from './inbox';
import { chosenAccount } from './chosen-account';

const text = (v: Json): string => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > 2000 ? `${s.slice(0, 1999)}…` : s;
};

/**
 * A result part small enough to show as a table: lists and objects cut at 100 items, texts at 500
 * characters, and anything deeper than four levels as its JSON text.
 */
export function boundedData(v: Json, depth = 0): Json {
  if (typeof v === 'string') return v.length > 500 ? `${v.slice(0, 499)}…` : v;
  if (v === null || typeof v !== 'object') return v;
  if (depth >= 4) return text(v);
  if (Array.isArray(v)) return v.slice(0, 100).map((x) => boundedData(x, depth + 1));
  return Object.fromEntries(
    Object.entries(v)
      .slice(0, 100)
      .map(([k, x]) => [k, boundedData(x, depth + 1)]),
  );
}

/**
 * What went wrong with a request, for the person: a limit in words and what to do (the Audit keeps
 * the engine's own message, with its setting); other errors as the engine says them.
 */
export function askError(report: Pick<RunReport, 'status' | 'error'>): string | null {
  if (report.status === 'limit')
    return `It stopped: ${stoppedWhy(report)}. Ask again, or ask for less at once (such as the mail from one person).`;
  return report.error ? `${report.error.kind}: ${report.error.message}` : null;
}

const callView = (c: CallRecord) => ({
  seq: c.seq,
  tool: c.tool,
  what: toolWordsFirst(c.tool),
  args: { ...(c.args as Record<string, Json>) },
  decision: c.decision,
  rule: c.rule,
  ruleWords: ruleWords(c.rule),
  reasons: [...c.reasons],
  executed: c.executed,
  claimId: c.claimId ?? null,
});

/**
 * A line's own warning (result-text.ts) first, beside those of the mail it repeats; a warning the
 * line's text already says (a suspicious mail's reasons) is not said twice.
 */
function withWarning(view: AskTextLine, warning: string | undefined): AskTextLine {
  const key = (w: string) => w.replace(/^Text repeated from mail: /, '').toLowerCase();
  const said = new Set<string>();
  const warnings = [...(warning ? [warning] : []), ...(view.warnings ?? [])].filter((w) => {
    const k = key(w);
    if (view.text.toLowerCase().includes(k) || said.has(k)) return false;
    said.add(k);
    return true;
  });
  const { warnings: _, ...rest } = view;
  return warnings.length ? { ...rest, warnings } : rest;
}

export function askHandlers(ctx: AppContext): ZamburakHandlers['ask'] {
  const p = ctx.profile;
  const about = aboutInProfile(p);
  /**
   * A run's status, calls, claims, and its result as parts and as text, each part with where it
   * came from: its own label (run/result-parts.ts), not the join of the whole result, so today's
   * date and your own calendar do not show as "from an email" because the brief also lists mail.
   */
  const reportView = (report: RunReport, account: Account, playbook: string | null, input?: Json) => {
    const dir = profileDirectory(p, account);
    const warningsOf = answerWarningsOf(p, account);
    const labelOf = (path: string | null): Label | null => {
      if (path === null) return report.resultLabel;
      const parts = report.resultParts ?? [];
      const own = parts.find((x) => x.path === path) ?? parts.find((x) => x.path === path.replace(/\[\d+\]$/, ''));
      return own?.label ?? report.resultLabel;
    };
    /**
     * Where a part came from in words; the item a line is about is named first. A line about one
     * item (an event, an email) tells where its words came from: the other items' listing marks
     * (`#listed`) say that they exist and where they sort, which set the line's place in the
     * list (a loop that fills a list carries them, round 6), not its words. Shown only here: the
     * gate and the claims read the whole label.
     */
    const origin = (label: Label | null, value: string, about?: string) => {
      if (!label) return { provenance: 'none', untrusted: false };
      const own = (x: string) => (about !== undefined && x.replace(/#listed$/, '').endsWith(`:${about}`) ? 0 : 1);
      const words =
        about === undefined ? label.untrusted : label.untrusted.filter((x) => !x.endsWith('#listed') || !own(x));
      const untrusted = words.length > 0;
      const sources = { sources: label.sources, untrusted: [...words].sort((a, b) => own(a) - own(b)) };
      const warnings = warningsOf(value, label.untrusted);
      return {
        provenance: provenanceChip(label.verified ? { ...sources, verified: label.verified } : sources, dir),
        untrusted,
        ...(warnings.length ? { warnings } : {}),
      };
    };
    const value = report.result;
    const parts =
      value !== null && typeof value === 'object'
        ? Object.entries(value as Record<string, Json>).slice(0, 100)
        : value === null
          ? []
          : [['result', value] as const];
    return {
      status: report.status,
      error: askError(report),
      calls: report.calls.map(callView),
      result: parts.map(([path, v]) => {
        const shown = text(v);
        return { path: String(path), value: shown, data: boundedData(v), ...origin(labelOf(String(path)), shown) };
      }),
      text: resultText(playbook, value, about, input, timeStyleOf(p)).map((l) =>
        l.heading
          ? { text: l.text, heading: true, provenance: '', untrusted: false }
          : withWarning({ text: l.text, heading: false, ...origin(labelOf(l.part), l.text, l.about) }, l.warning),
      ),
      claims: report.claims.map((c) => c.id),
    };
  };
  return {
    examples: () => [...SUPPORTED],
    async run(request, accountId): Promise<AskResult> {
      const account = chosenAccount(p, accountId) ?? p.primaryAccount();
      const matched = interpret(request, p.repos.contacts.list(account.id));
      const base = {
        request,
        account: { id: account.id, name: account.name, email: account.email },
        plan: '',
        plannedBy: null as string | null,
        calls: [],
        result: [],
        text: [],
        claims: [],
        supported: [...SUPPORTED],
      };
      if (matched && 'error' in matched) return { ...base, playbook: null, status: 'failed', error: matched.error };
      const match = matched;
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
            // The screen goes on with a link to Settings and the requests that work without one.
            error: 'This needs a language model to plan it.',
          };
        if ('error' in planned) return { ...base, playbook: null, status: 'failed', error: planned.error };
        return {
          ...base,
          ...reportView(planned.ran.report, account, null),
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
          text: [{ text: triageSentence(r), heading: false, provenance: 'counted by Zamburak', untrusted: false }],
          claims: r.claims.map((c) => c.id),
        };
      }
      const input = inputOver(p, match, account);
      const { report } = await runOnProfile(p, {
        plan: match.plan,
        input,
        kind: 'playbook',
        request,
        accountId: account.id,
        ...(ctx.engine ? { engine: ctx.engine } : {}),
      });
      return {
        ...base,
        ...reportView(report, account, match.playbook, input),
        playbook: match.playbook,
        plan: match.plan,
      };
    },
  };
}
