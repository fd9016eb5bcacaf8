/**
 * A plan run over a profile, recorded and audited: the account as a world (same tools, labels
 * and gate as the simulator), the policy in force, then — in one transaction — the run and its
 * calls (with the gate's whole input), the claims, the effects, and the audit entries ending in
 * the run's receipt (plan hash, input hash, output hash). The engine call itself runs outside
 * the transaction; nothing is written until it has ended.
 */
import { createHash } from 'node:crypto';
import { hashJson, runReceipt } from '../../engine/audit/preview';
import type { Json } from '../../engine/ifc/labeled-value';
import { presetPolicy, PRESETS, type Policy } from '../../engine/policy';
import { loadInstalledPolicy } from '../../engine/run/simulate';
import type { Limits, Mode, RunReport } from '../../engine/run/types';
import { WorldState, type WorldEffects } from '../../engine/world';
import { explainAction } from '../claims/explain-stored';
import { completeBodies } from '../accounts/accounts';
import { outboxOf, pushDraft, SERVER_TOOLS, transportNameOf } from '../accounts/transports';
import { EngineHostError, type EngineHost } from '../engine-host/engine-host';
import { recordedRun, type RecordedRun } from '../engine-host/recorded-run';
import { modelExtractor } from '../llm/model-extractor';
import { providerFor } from '../llm/providers';
import type { Extractor } from '../../engine/world/extractor';
import { claimHashOf } from '../claims/effect-hash';
import type { Profile } from '../profile/profile';
import { applyEffects, worldOf } from '../profile/world-io';
import { assertNotPaused } from './paused';
import { storeEmailSource } from './store-email-source';
import type { StoreMail } from './store-mail';
import type { Account } from '../store/repositories';

export interface ProfileRunRequest {
  readonly plan: string;
  readonly mode?: Mode;
  readonly input?: Json;
  /** A policy for this run only (a file the CLI was given); default: the profile's policy. */
  readonly policy?: Policy;
  readonly kind?: 'plan' | 'ask' | 'triage' | 'playbook';
  /** The person's words, when the run answers a request. */
  readonly request?: string;
  readonly limits?: Partial<Limits>;
  /** Run in this engine worker (the app); default: in this thread. */
  readonly engine?: EngineHost;
  readonly accountId?: string;
}

export interface ProfileRunResult {
  readonly runId: string;
  /** The engine's report, with claim ids as stored in the profile. */
  readonly report: RunReport;
  readonly effects: WorldEffects;
  readonly receipt: ReturnType<typeof runReceipt>;
}

/** The policy in force: the newest saved version, else the default preset. */
export function activePolicy(p: Profile): { policy: Policy; version: string } {
  const saved = p.repos.policies.active();
  if (!saved) return { policy: presetPolicy('default'), version: 'preset:default' };
  const r = loadInstalledPolicy(saved.yaml);
  // A saved policy was validated when saved; if it no longer loads, fail closed to the strict preset.
  if (!r.ok) return { policy: presetPolicy('strict'), version: `preset:strict (saved v${saved.version} is invalid)` };
  return { policy: r.policy, version: `v${saved.version}` };
}

/**
 * Triage reads only the messages it is given (the newest untriaged), batch after batch: its runs
 * see the newest messages only, so their searches (answer.js) never scan a large mailbox for
 * every reply. Every other run sees the whole mailbox.
 */
const TRIAGE_MAILBOX = 5_000;
const mailboxOf = (req: ProfileRunRequest): { newest?: number } =>
  req.kind === 'triage' ? { newest: TRIAGE_MAILBOX } : {};

/**
 * The account as the world of a run in this thread, its mail read from the store as the run goes
 * (store-email-source.ts): the run starts at once at any mailbox size.
 */
function worldState(p: Profile, account: Account, req: ProfileRunRequest, clock: () => Date): WorldState {
  return new WorldState(
    worldOf(p.repos, account, clock, { mail: false }),
    storeEmailSource(p.repos.worldMail, account, mailboxOf(req)),
  );
}

/**
 * The wall clock of a run that waits on more than its plan (engine/run/types.ts: `wallMs` counts
 * tool time). Each question to a language model may take seconds (its own timeout is a minute and
 * the day's budget bounds them all), so a run whose extractor is a model gets the model's time: a
 * batch of 25 emails asks about 50 questions. Triage's vetted playbooks get more than a plan's
 * 10 s on a busy computer, where a batch without a model has been seen to need 10–20 s.
 * A limit the request names wins.
 */
const MODEL_RUN_WALL_MS = 10 * 60_000;
const TRIAGE_WALL_MS = 60_000;
function withWall(req: ProfileRunRequest, modelBacked: boolean): ProfileRunRequest {
  const wallMs =
    req.limits?.wallMs ?? (modelBacked ? MODEL_RUN_WALL_MS : req.kind === 'triage' ? TRIAGE_WALL_MS : undefined);
  return wallMs === undefined ? req : { ...req, limits: { ...req.limits, wallMs } };
}

const sha = (text: string): string => `sha256:${createHash('sha256').update(text).digest('hex')}`;

export async function runOnProfile(
  p: Profile,
  req: ProfileRunRequest,
  clock: () => Date = () => new Date(),
): Promise<ProfileRunResult> {
  assertNotPaused(p);
  const account: Account = req.accountId
    ? (p.repos.accounts.get(req.accountId) ?? fail(`no account ${req.accountId}`))
    : p.primaryAccount();
  const { policy, version } = req.policy ? { policy: req.policy, version: 'file' } : activePolicy(p);
  const startedAt = clock().toISOString();
  const planHash = sha(req.plan);
  const inputHash = hashJson(req.input ?? null);
  const mode = req.mode ?? 'strict';
  // The run takes its id now (the model's usage log and the claims name it), in a write of its
  // own: runs of other processes on the profile take theirs beside it.
  const runId = p.repos.runs.start({
    kind: req.kind ?? 'plan',
    ...(req.request ? { request: req.request } : {}),
    plan: req.plan,
    planHash,
    input: req.input ?? null,
    inputHash,
    mode,
    policyId: version,
    startedAt,
  });
  try {
    // The ids a run gives what it makes (`draft-N`, `sent-N`, `ev-new-N`) follow those in the
    // store when it starts; a run of another process that ended first may have taken them. Its
    // writes are then rolled back whole, and the run runs again over the store as it is now.
    for (let attempt = 1; ; attempt++) {
      try {
        return await runStarted(p, req, { account, policy, version, runId, planHash, inputHash, mode }, clock);
      } catch (e) {
        if (attempt >= NUMBERING_ATTEMPTS || !isTakenItemId(e)) throw e;
      }
    }
  } catch (e) {
    // A run that could not finish (an account it could not read) stays in the list as failed.
    p.repos.runs.finish(runId, {
      status: 'failed',
      result: null,
      outputHash: hashJson(null),
      error: { kind: 'RuntimeError', message: `the run did not finish: ${(e as Error).message}` },
      transcript: [],
      finishedAt: clock().toISOString(),
    });
    throw e;
  }
}

/** How often a run runs again because another run took the ids it gave (see above). */
const NUMBERING_ATTEMPTS = 8;

/** An event this run made has an id another run's event took (events are upserted). */
class TakenItemId extends Error {}

const newEventNumber = (id: string): number => (/^ev-new-(\d+)$/.exec(id) ? Number(id.slice(7)) : 0);

/** A draft, sent message or event the run made has an id another run took: SQLite's answer or ours. */
function isTakenItemId(e: unknown): boolean {
  if (e instanceof TakenItemId) return true;
  const code = (e as { code?: unknown }).code;
  return (
    (code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE') &&
    /\b(drafts|sent)\.id\b/.test((e as Error).message)
  );
}

interface StartedRun {
  readonly account: Account;
  readonly policy: Policy;
  readonly version: string;
  readonly runId: string;
  readonly planHash: string;
  readonly inputHash: string;
  readonly mode: Mode;
}

async function runStarted(
  p: Profile,
  req: ProfileRunRequest,
  { account, policy, version, runId, planHash, inputHash, mode }: StartedRun,
  clock: () => Date,
): Promise<ProfileRunResult> {
  // New events are numbered after this (their rows are upserted: a taken id is checked below).
  const eventsNumberedAfter = p.repos.calendar.numberedAfter();
  // A plan reads whole messages: those a first sync has listed but not yet downloaded come first.
  await completeBodies(p, { accountId: account.id });
  // A model-backed extractor is a function of this process: such runs stay in this thread.
  // A triage run reads incoming mail on its own: it may use only mail's share of the day.
  const llm = await providerFor(p, 'extractor', { runId, clock, mail: req.kind === 'triage' });
  const extractor = llm ? modelExtractor(llm) : undefined;
  const limited = withWall(req, extractor !== undefined);
  const { report, effects, gateInputs, findings } =
    req.engine && !req.policy && !extractor
      ? await inWorker(
          req.engine,
          limited,
          worldOf(p.repos, account, clock, { mail: false }),
          { database: p.files.database, accountId: account.id, ...mailboxOf(req) },
          activePolicyText(p),
          mode,
        )
      : await inProcess(limited, worldState(p, account, req, clock), policy, mode, extractor);
  // Claim ids are per run in the engine; in a profile they must be unique across runs.
  const claimIds = new Map(report.claims.map((c) => [c.id, `${runId}-${c.id}`]));
  // The engine bound each claim to its effect on the run's world; the profile binds it to what
  // the account would send (threading headers and attachments included), and the report says so.
  const stored: RunReport = {
    ...report,
    calls: report.calls.map((c) => (c.claimId ? { ...c, claimId: claimIds.get(c.claimId)! } : c)),
    claims: report.claims.map((c) => ({
      ...c,
      id: claimIds.get(c.id)!,
      contentHash: claimHashOf(p, { tool: c.tool, args: c.args }, account.id),
    })),
  };
  const outputHash = hashJson({ status: report.status, result: report.result } as Json);
  let receipt!: ReturnType<typeof runReceipt>;
  let autoCommits = 0;

  p.db
    .transaction(() => {
      const firstSeq = p.audit.append({
        kind: 'run.started',
        runId,
        data: {
          kind: req.kind ?? 'plan',
          planHash,
          inputHash,
          mode,
          policy: version,
          account: account.name,
          request: req.request ?? null,
        },
      });
      // The gate saw the calls in the order of report.calls; a call refused before the gate
      // (invalid arguments) has no gate input.
      let next = 0;
      stored.calls.forEach((c) => {
        const gi = gateInputs[next]?.tool === c.tool ? gateInputs[next++]!.input : null;
        p.repos.runs.addCall(runId, c, c.claimId ?? null, gi);
        p.audit.append({
          kind: 'call.decided',
          runId,
          tool: c.tool,
          decision: c.decision,
          rule: c.rule,
          sources: c.sources,
          data: {
            seq: c.seq,
            args: c.args as Json,
            reasons: [...c.reasons],
            executed: c.executed,
            claimId: c.claimId ?? null,
            lineage: c.fields.map((f) => ({
              path: f.path,
              sources: [...f.sources],
              untrusted: [...f.untrusted],
            })) as Json,
          },
        });
      });
      for (const c of stored.claims) {
        const created = p.claims.create({
          id: c.id,
          runId,
          seq: c.seq,
          accountId: account.id,
          action: { tool: c.tool, args: c.args },
          rule: c.rule,
          reasons: c.reasons,
          risk: c.risk,
          fields: c.fields as unknown as Json,
          context: c.context as unknown as Json,
          explanation: explainAction(p, account, c) as unknown as Json,
          createdAt: clock().toISOString(),
        });
        if (created.contentHash !== c.contentHash)
          throw new Error(`claim ${c.id}: its stored hash is not that of the effect the run reported`);
        p.audit.append({
          kind: 'claim.created',
          runId,
          tool: c.tool,
          rule: c.rule,
          data: { claimId: c.id, contentHash: created.contentHash, risk: c.risk, args: c.args as Json },
        });
      }
      for (const e of effects.events)
        if (newEventNumber(e.id) > eventsNumberedAfter && p.repos.calendar.get(e.id))
          throw new TakenItemId(`events.id ${e.id} was taken by another run`);
      applyEffects(p.repos, account, effects, { runId });
      autoCommits = account.transport === 'imap' ? queueAllowedActions(p, account, runId, stored.calls, clock) : 0;
      if (Object.keys(findings).length) p.audit.append({ kind: 'security.firewall', runId, data: { findings } });
      if (report.status === 'limit')
        p.audit.append({
          kind: 'security.limit',
          runId,
          data: { limit: report.error?.limit ?? null, message: report.error?.message ?? '' },
        });
      // The receipt covers exactly the entries this run wrote: everything appended since
      // run.started (this transaction holds the log), and run.finished, the next one.
      const lastSeq = p.audit.lastSeq() + 1;
      receipt = runReceipt({ runId, planHash, inputHash, outputHash, firstSeq, lastSeq });
      p.repos.runs.finish(runId, {
        status: report.status,
        result: report.result,
        outputHash,
        error: report.error
          ? { kind: report.error.kind, message: report.error.message, position: report.error.position }
          : null,
        transcript: report.transcript,
        finishedAt: clock().toISOString(),
      });
      p.audit.append({
        kind: 'run.finished',
        runId,
        data: { status: report.status, receipt: receipt as unknown as Json, claims: stored.claims.length },
      });
    })
    .immediate();
  // The same outbox as every other commit in this process (the app's scheduler, an approval).
  if (autoCommits) await outboxOf(p).processDue();
  // A real account's drafts also go to its Drafts folder, where every mail client sees them. A
  // failure (server down) leaves the draft in the profile and is recorded, never fatal to the run.
  if (account.transport === 'imap')
    for (const d of effects.drafts)
      await pushDraft(p, d.id).catch((e: unknown) =>
        p.audit.append({
          kind: 'account.changed',
          runId,
          data: { action: 'draft-not-uploaded', account: account.name, draft: d.id, error: (e as Error).message },
        }),
      );
  return { runId, report: stored, effects, receipt };
}

/**
 * On a real account, what the policy allowed still has to happen on the servers: each allowed,
 * executed send or mail change becomes an outbox entry — recorded like an approved claim, with
 * the policy rule as the approver and no undo window — so it is committed exactly once, through
 * the same transport as a person's approvals. Returns how many were queued.
 */
function queueAllowedActions(
  p: Profile,
  account: Account,
  runId: string,
  calls: RunReport['calls'],
  clock: () => Date,
): number {
  let n = 0;
  for (const c of calls) {
    // A call the tool refused (it ran and failed: a missing email, a move into the trash) changed
    // nothing in the run's world, so it changes nothing on the server either.
    if (!c.executed || c.error !== undefined || c.decision !== 'allow' || !SERVER_TOOLS.has(c.tool)) continue;
    const id = `${runId}-auto-${c.seq}`;
    p.claims.create({
      id,
      runId,
      seq: c.seq,
      accountId: account.id,
      action: { tool: c.tool, args: c.args as { [key: string]: Json } },
      rule: c.rule,
      reasons: [...c.reasons],
      risk: 'low',
      fields: c.fields as unknown as Json,
      // The control context is part of what the action writes (claims/written-label).
      context: c.context as unknown as Json,
      createdAt: clock().toISOString(),
    });
    p.claims.approve(id, {
      by: `policy:${c.rule}`,
      now: clock(),
      undoWindowMs: 0,
      transport: transportNameOf(account),
      messageIdDomain: account.email.split('@')[1] ?? 'zamburak.invalid',
    });
    n++;
  }
  return n;
}

type Ran = Pick<RecordedRun, 'report' | 'effects' | 'gateInputs' | 'findings'>;

/** The plan in this thread (the CLI, tests, and a run with a policy of its own). */
async function inProcess(
  req: ProfileRunRequest,
  world: WorldState,
  policy: Policy,
  mode: Mode,
  extractor: Extractor | undefined,
): Promise<Ran> {
  return recordedRun({
    plan: req.plan,
    world,
    policy,
    mode,
    ...(req.input !== undefined ? { input: req.input } : {}),
    ...(req.limits ? { limits: req.limits } : {}),
    ...(extractor ? { extractor } : {}),
  });
}

/**
 * The plan in the engine worker (the app), so a runaway plan never blocks the main process: the
 * account's world but its mail and the policy cross as text and are parsed again there; the
 * worker reads the mail from the profile's database itself as the run goes (store-mail.ts).
 */
async function inWorker(
  engine: EngineHost,
  req: ProfileRunRequest,
  snapshot: ReturnType<typeof worldOf>,
  mail: StoreMail,
  policy: { text: string; file: string },
  mode: Mode,
): Promise<Ran> {
  let r: Awaited<ReturnType<EngineHost['run']>>;
  try {
    r = await engine.run({
      plan: req.plan,
      mode,
      world: { text: JSON.stringify(snapshot), file: 'profile-account.json' },
      mail,
      policy,
      ...(req.input !== undefined ? { input: req.input } : {}),
      ...(req.limits ? { limits: req.limits as Record<string, number> } : {}),
    });
  } catch (e) {
    const stopped = e instanceof EngineHostError ? stoppedRun(e, mode) : null;
    if (!stopped) throw e;
    return stopped;
  }
  return {
    report: r.report,
    effects: r.effects,
    gateInputs: r.decisions as { tool: string; input: Json }[],
    findings: { ...r.findings },
  };
}

/**
 * A run the worker could not finish: its heap ran out (the worker died) or it stopped answering
 * (restarted after the run's wall clock and a grace). The run still ends, as a limit, with what
 * to do; nothing of it was applied (a run's effects are written only from a report).
 */
function stoppedRun(e: EngineHostError, mode: Mode): Ran | null {
  const limit: keyof Limits | null = e.kind === 'WorkerDied' ? 'memoryBytes' : e.kind === 'Timeout' ? 'wallMs' : null;
  if (!limit) return null;
  const message =
    limit === 'memoryBytes'
      ? `the run needed more memory than the engine has (${e.message}): ask for fewer or smaller items, or page with limit and before`
      : `the run did not finish in time (${e.message}): do less in one plan, or raise limits.wallMs`;
  const report: RunReport = {
    status: 'limit',
    mode,
    result: null,
    resultLabel: null,
    error: { kind: 'LimitExceeded', message, fullMessage: message, position: null, limit },
    calls: [],
    claims: [],
    transcript: [],
    stats: { steps: 0, graphNodes: 0, labels: 0, ms: 0 },
  };
  const effects: WorldEffects = {
    sent: [],
    drafts: [],
    events: [],
    trash: [],
    responses: [],
    changes: [],
    transcript: [],
  };
  return { report, effects, gateInputs: [], findings: {} };
}

/** The YAML of the policy in force (see activePolicy), for a run in the worker. */
function activePolicyText(p: Profile): { text: string; file: string } {
  const saved = p.repos.policies.active();
  if (saved && loadInstalledPolicy(saved.yaml).ok) return { text: saved.yaml, file: `policy-v${saved.version}.yaml` };
  const preset = saved ? 'strict' : 'default';
  return { text: PRESETS[preset]!, file: `preset-${preset}.yaml` };
}

function fail(message: string): never {
  throw new Error(message);
}
