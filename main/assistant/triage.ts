/**
 * Triage: new mail, in batches, through the vetted triage playbook (resources/playbooks/triage.js)
 * — category and summary; then a reply proposed where one is needed; nothing is sent. Over a profile it is
 * idempotent (only untriaged mail is read, results are stored with the message); over a world
 * file it triages the whole inbox. Replies are proposed per email by the answer playbook
 * (resources/playbooks/answer.js), told the email's category (a meeting gets an answer to the
 * meeting, a request one to the request); the claims they raise are listed with their email.
 *
 * Before the playbook runs, every email is checked for fraud and phishing (engine/fraud, through
 * ./fraud.ts): one with any finding is filed `suspicious` whatever else it looks like, with its
 * reasons, a summary in Zamburak's own words ("This email asks you to …", never its text) and no
 * draft. The playbook's result is data derived from untrusted mail: it is validated here (a
 * category must be one of six names, a summary is plain text of bounded length) and only displayed.
 *
 * Mail nobody can answer (a no-reply sender, Auto-Submitted, bulk or list mail:
 * engine/world/answerable.ts) is never filed as needing a reply nor as a meeting to answer, and
 * gets no draft, whatever its text asks: it is FYI unless the playbook filed it as a newsletter or
 * a receipt. The fraud checks come first: such mail with a finding is still suspicious.
 */
import { readFileSync } from 'node:fs';
import { playbookSource } from './ask';
import { zoneInput } from './zone-input';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { carriesInstructions, framedSummary, INSTRUCTIONS_REASON, type FraudFinding } from '../../engine/fraud';
import type { Json } from '../../engine/ifc/labeled-value';
import { runPlan } from '../../engine/run/run-plan';
import { worldRunSetup } from '../../engine/run/simulate';
import type { CallRecord, Claim, RunReport } from '../../engine/run/types';
import { unanswerableWhy, type WorldState } from '../../engine/world';
import type { Profile } from '../profile/profile';
import type { Account } from '../store/repositories';
import { completeBodies } from '../accounts/accounts';
import type { EngineHost } from '../engine-host/engine-host';
import { assertNotPaused } from '../runs/paused';
import { runOnProfile } from '../runs/run-on-profile';
import { messageFindings, worldFindings, type Findings } from './fraud';
import { modelWritesReplies } from './reply-writer';

export const CATEGORIES = ['needs-reply', 'meeting', 'fyi', 'newsletter', 'receipt', 'suspicious'] as const;
export type Category = (typeof CATEGORIES)[number];

const PLAYBOOK = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'resources', 'playbooks', 'triage.js');
export const triagePlaybook = (): string => readFileSync(PLAYBOOK, 'utf8');
/** The answer playbook: a reply to one email by what it asks (a time, a document, a question). */
export const answerPlaybook = (): string => playbookSource('answer');

/** Emails per run: each costs about seven tool calls, well under a run's call budget. */
export const BATCH = 25;

const Result = z.array(
  z.strictObject({
    id: z.string(),
    category: z.enum(CATEGORIES),
    summary: z.string().transform((s) => (s.length > 400 ? `${s.slice(0, 399)}…` : s)),
    draftId: z.string().nullable(),
  }),
);

export interface TriagedEmail {
  readonly id: string;
  readonly category: Category;
  readonly summary: string;
  readonly draftId?: string;
  readonly claimIds: readonly string[];
  /** Why it is suspicious, each with its reason in words (empty for any other category). */
  readonly findings: readonly FraudFinding[];
}

export interface TriageResult {
  readonly emails: readonly TriagedEmail[];
  readonly calls: readonly CallRecord[];
  readonly claims: readonly Claim[];
  readonly runs: readonly string[];
}

export interface TriageOptions {
  /** Write draft replies for mail that needs one (default true). */
  readonly drafts?: boolean;
  readonly onProgress?: (done: number, total: number) => void;
  /** Run the playbook in this engine worker (the app); default: in this thread. */
  readonly engine?: EngineHost;
}

/** Claims that act on an email (its id, or a reply to it). */
const claimsOf = (claims: readonly Claim[], id: string): string[] =>
  claims.filter((c) => c.args.id === id || c.args.inReplyTo === id).map((c) => c.id);

function collect(result: Json | null, claims: readonly Claim[], { found, unanswerable }: Checked): TriagedEmail[] {
  const parsed = Result.safeParse(result);
  if (!parsed.success) throw new Error(`the triage playbook returned an unexpected result: ${parsed.error.message}`);
  return parsed.data.map((r) => {
    // A summary is shown as Zamburak's: one that repeats instructions for an assistant (a model's
    // summary of subtler text) is not shown, and the mail is suspicious.
    const repeats = carriesInstructions(r.summary)
      ? [{ kind: 'instructions' as const, reason: INSTRUCTIONS_REASON }]
      : [];
    const findings = [...(found.get(r.id) ?? []), ...repeats].filter(
      (f, i, all) => all.findIndex((g) => g.kind === f.kind && g.reason === f.reason) === i,
    );
    // What the playbook says never overrides a finding, nor makes a mail suspicious without one.
    return findings.length
      ? {
          id: r.id,
          category: 'suspicious',
          summary: framedSummary(findings),
          claimIds: claimsOf(claims, r.id),
          findings,
        }
      : {
          id: r.id,
          category: r.category === 'suspicious' ? 'fyi' : filed(r.category, unanswerable.has(r.id)),
          summary: r.summary,
          ...(r.draftId ? { draftId: r.draftId } : {}),
          claimIds: claimsOf(claims, r.id),
          findings,
        };
  });
}

/** What the host knows of a batch before the playbook reads it. */
interface Checked {
  /** Each email's fraud findings (empty: none). */
  readonly found: ReadonlyMap<string, FraudFinding[]>;
  /** The ids the playbook must file as suspicious. */
  readonly suspicious: string[];
  /** The ids of mail nobody can answer. */
  readonly unanswerable: ReadonlySet<string>;
}

/** The findings of a batch, and which of its emails nobody can answer (`answerable`: by id). */
function check(ids: readonly string[], findings: Findings, answerable: (id: string) => boolean): Checked {
  const found = new Map(ids.map((id) => [id, findings(id)]));
  return {
    found,
    suspicious: ids.filter((id) => found.get(id)!.length > 0),
    unanswerable: new Set(ids.filter((id) => !answerable(id))),
  };
}

/** The categories the answer playbook proposes a reply for. */
const ANSWERED: readonly Category[] = ['needs-reply', 'meeting'];

/** A category the playbook chose, for mail nobody can answer: nothing to reply to, so FYI. */
const filed = (category: Category, unanswerable: boolean): Category =>
  unanswerable && ANSWERED.includes(category) ? 'fyi' : category;

const batches = <T>(xs: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(xs.length / BATCH) }, (_, i) => xs.slice(i * BATCH, (i + 1) * BATCH));

const Answer = z.object({ draftId: z.string().nullable() });

/** What a run of the answer playbook gives back, in the app or over a world. */
interface AnswerRun {
  readonly status: string;
  readonly result: Json | null;
  readonly calls: readonly CallRecord[];
  readonly claims: readonly Claim[];
  readonly runId?: string;
}

/**
 * Replies for the emails that need one, each in a run of its own so that no other email (say, a
 * one-time code read earlier in the batch) decides or reaches it. A claim it raises is listed
 * with its email; a draft is set as the email's draft.
 */
async function answerAll(
  emails: readonly TriagedEmail[],
  run: (id: string, category: Category) => Promise<AnswerRun>,
  into: { calls: CallRecord[]; claims: Claim[]; runs: string[] },
): Promise<TriagedEmail[]> {
  const out: TriagedEmail[] = [];
  for (const e of emails) {
    if (!ANSWERED.includes(e.category)) {
      out.push(e);
      continue;
    }
    const r = await run(e.id, e.category);
    const draftId = r.status === 'completed' ? Answer.safeParse(r.result).data?.draftId : null;
    into.calls.push(...r.calls);
    into.claims.push(...r.claims);
    if (r.runId) into.runs.push(r.runId);
    out.push({ ...e, ...(draftId ? { draftId } : {}), claimIds: [...e.claimIds, ...claimsOf(r.claims, e.id)] });
  }
  return out;
}

export async function triageWorld(world: WorldState, o: TriageOptions = {}): Promise<TriageResult> {
  const inbox = world.emails
    .filter((e) => e.folder === 'INBOX')
    .sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id));
  const findings = worldFindings(world);
  const out: TriagedEmail[] = [];
  const calls: CallRecord[] = [];
  const claims: Claim[] = [];
  const plan = triagePlaybook();
  const answer = answerPlaybook();
  // One setup for every run (what `simulate` makes per run: the world's tools, gate and
  // firewall, live over the same world), and no snapshot of the world after each: only reports
  // are kept here.
  const setup = worldRunSetup({ world });
  for (const [i, batch] of batches(inbox).entries()) {
    const ids = batch.map((e) => e.id);
    const checked = check(ids, findings, (id) => {
      const e = world.findEmail(id);
      return !e || unanswerableWhy(e) === null;
    });
    const report = await runPlan({ ...setup, plan, input: { ids, suspicious: checked.suspicious, calendar: i === 0 } });
    if (report.status !== 'completed') throw new TriageStopped(out.length, inbox.length, report);
    calls.push(...report.calls);
    claims.push(...report.claims);
    const done = collect(report.result, report.claims, checked);
    out.push(
      ...(o.drafts === false
        ? done
        : await answerAll(
            done,
            (id, category) => runPlan({ ...setup, plan: answer, input: { id, category, signature: world.user.name } }),
            { calls, claims, runs: [] },
          )),
    );
    o.onProgress?.(out.length, inbox.length);
  }
  return { emails: out, calls, claims, runs: [] };
}

/**
 * A batch of the triage that did not finish (a limit, an error). The batches before it are kept,
 * so the person is told how far it got and that pressing triage again goes on from there; the
 * engine's own message (a limit's name, its setting) is in the message and the audit.
 */
/**
 * Why a run stopped, as a clause for the person: the limit it reached in words, or an error the
 * Audit details. `on` says what it was working on ("on a batch of emails"), for the time limit.
 */
export function stoppedWhy(report: Pick<RunReport, 'status' | 'error'>, on = ''): string {
  const limit = report.status === 'limit' ? report.error?.limit : undefined;
  return limit === 'wallMs'
    ? `the assistant took too long${on ? ` ${on}` : ''}`
    : limit === 'memoryBytes'
      ? 'the assistant needed more memory than it may use'
      : report.status === 'limit'
        ? "the assistant reached one of its limits, such as the language model's budget"
        : 'the assistant ran into an error (the Audit has the details)';
}

export class TriageStopped extends Error {
  constructor(
    readonly sorted: number,
    readonly total: number,
    readonly report: Pick<RunReport, 'status' | 'error'>,
  ) {
    super(`triage stopped: ${report.error?.message ?? report.status}`);
  }

  /** For the person: how far it got, why in a few words, and what to do. */
  get sentence(): string {
    const why = stoppedWhy(this.report, 'on a batch of emails');
    const email = (n: number) => `${n} ${n === 1 ? 'email' : 'emails'}`;
    return this.sorted === 0
      ? `Triage stopped before sorting any email: ${why}. Press Triage new mail to try again.`
      : `Triage stopped after sorting ${email(this.sorted)} of ${this.total}: ${why}. The sorted ones are kept; press Triage new mail to go on.`;
  }
}

/** Triage of an account's untriaged Inbox (the one the person has selected; default the primary). */
export async function triageProfile(
  p: Profile,
  o: TriageOptions & { limit?: number; account?: Account } = {},
): Promise<TriageResult> {
  assertNotPaused(p);
  const account = o.account ?? p.primaryAccount();
  // Triage reads whole messages (its fraud checks too): bodies a first sync left pending come first.
  await completeBodies(p, { accountId: account.id });
  const todo = p.repos.messages.untriaged(account.id, o.limit ?? 1000);
  const out: TriagedEmail[] = [];
  const calls: CallRecord[] = [];
  const claims: Claim[] = [];
  const runs: string[] = [];
  const plan = triagePlaybook();
  const findingsOf = messageFindings(p, account);
  // With a model as the extractor, it writes the replies' words (answer.js); templates otherwise.
  const writer = modelWritesReplies(p);
  for (const [i, batch] of batches(todo).entries()) {
    const byId = new Map(batch.map((m) => [m.id, m]));
    const checked = check(
      [...byId.keys()],
      (id) => findingsOf(byId.get(id)!),
      (id) => {
        const m = byId.get(id)!;
        return unanswerableWhy({ ...m, ...m.machineHeaders }) === null;
      },
    );
    const r = await runOnProfile(p, {
      ...(o.engine ? { engine: o.engine } : {}),
      plan,
      kind: 'triage',
      accountId: account.id,
      input: {
        ids: [...byId.keys()],
        suspicious: checked.suspicious,
        calendar: i === 0,
      },
    });
    runs.push(r.runId);
    if (r.report.status !== 'completed') throw new TriageStopped(out.length, todo.length, r.report);
    const triaged = collect(r.report.result, r.report.claims, checked);
    const done =
      o.drafts === false
        ? triaged
        : await answerAll(
            triaged,
            async (id, category) => {
              const a = await runOnProfile(p, {
                ...(o.engine ? { engine: o.engine } : {}),
                plan: answerPlaybook(),
                kind: 'triage',
                accountId: account.id,
                input: {
                  id,
                  category,
                  signature: account.userName,
                  zone: zoneInput(p, account),
                  ...(writer ? { writer } : {}),
                },
              });
              return { ...a.report, runId: a.runId };
            },
            { calls, claims, runs },
          );
    const at = new Date().toISOString();
    p.db
      .transaction(() => {
        for (const e of done)
          p.repos.messages.setTriage(e.id, {
            category: e.category,
            summary: e.summary,
            at,
            findings: e.findings.map(({ kind, reason }) => ({ kind, reason })),
          });
      })
      .immediate();
    calls.push(...r.report.calls);
    claims.push(...r.report.claims);
    out.push(...done);
    o.onProgress?.(out.length, todo.length);
  }
  return { emails: out, calls, claims, runs };
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A triage in one sentence: how many emails, how many need a reply or look suspicious, what waits. */
export function triageSentence(r: TriageResult): string {
  const of = (c: Category) => r.emails.filter((e) => e.category === c).length;
  return (
    `Triaged ${count(r.emails.length, 'email', 'emails')}: ${count(of('needs-reply') + of('meeting'), 'needs', 'need')} a reply, ` +
    `${count(of('suspicious'), 'looks', 'look')} suspicious; ${count(r.claims.length, 'action waits', 'actions wait')} for you in Review.`
  );
}
