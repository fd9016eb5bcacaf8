/**
 * A run against a simulated world: the world's tools, the sanitizers over the world's and the
 * policy's allowlists, the tool-output firewall, and the policy gate. What the CLI's `run`,
 * the demo and most tests use.
 */
import type { Decision, Gate, GateCall } from '../gate/types';
import { BOTTOM, type Label } from '../ifc/label';
import { deepLabel, plainOf, type Json } from '../ifc/labeled-value';
import { firewallValue, type FirewallResult } from '../firewall';
import {
  BUILTIN_TOOLS,
  itemOfSource,
  loadPolicy,
  policyGate,
  presetPolicy,
  withAllowlists,
  type LoadResult,
  type Policy,
} from '../policy';
import { sanitizerTools } from '../sanitizers';
import { toolRegistry } from '../tools/types';
import { claimHash, effectOf, recipientsOf as effectRecipients } from '../tools/effect';
import { BUILTIN_RECIPIENTS } from '../policy/tools';
import { worldLookups } from '../world/effect-lookups';
import { WorldState, worldTools, bareAddress, eventLabels, readEmailLabel, readEventLabel } from '../world';
import type { Extractor } from '../world/extractor';
import type { World, WorldEffects } from '../world';
import { runPlan, type RunOptions } from './run-plan';
import type { Limits, Mode, RunReport } from './types';
import { InputError } from './input-error';

export { InputError };

export interface SimulateOptions {
  readonly plan: string;
  readonly world: WorldState;
  readonly policy?: Policy;
  readonly mode?: Mode;
  readonly input?: Json;
  readonly limits?: Partial<Limits>;
  /**
   * Sees every gate decision with the gate's whole input and the recipients the world resolved
   * (a profile records them, so a later policy can be replayed against exactly this call).
   */
  readonly onDecision?: (
    call: GateCall,
    decision: Decision,
    recipients: readonly string[] | undefined,
    /** The attested senders of the items the call's untrusted sources name (`tool:item` → address). */
    authors: Readonly<Record<string, string>>,
  ) => void;
  /** Sees what the firewall found in each tool output (caps and kinds; the text stays in the run). */
  readonly onFindings?: (tool: string | undefined, findings: FirewallResult['findings']) => void;
  /** The quarantined extractor behind extract/summarize/classify (default: rule based). */
  readonly extractor?: Extractor;
  /** Tests only: every built-in and operator by the generic lift, no rule, no fast path (docs/semantics.md §2a). */
  readonly genericLift?: boolean;
  /** Tests only: no fast path, the compiler's or the runtime's; precision rules kept. */
  readonly noFastPaths?: boolean;
}

export interface SimulateResult {
  readonly report: RunReport;
  /** What the run did: sent, drafts, changed events, trash, responses, folder/label changes. */
  readonly effects: WorldEffects;
  /** The whole world after the run (every email of it read when first asked for). */
  readonly world: World;
}

/** A world file's state; a bad file is an InputError. `warn` hears its warnings (WorldState.fromText). */
export function loadWorld(text: string, fileName: string, warn?: (lines: string) => void): WorldState {
  try {
    return WorldState.fromText(text, fileName, warn);
  } catch (e) {
    throw new InputError((e as Error).message);
  }
}

/**
 * A policy for runs of this installation: a tool it names must be one of the built-in tools (a
 * typo would be a rule that silently never matches). Every loader of a policy file, a saved
 * policy or an edit goes through here, so all of them accept the same texts.
 */
export const loadInstalledPolicy = (text: string): LoadResult => loadPolicy(text, { knownTools: BUILTIN_TOOLS });

/** A policy file (loadInstalledPolicy); errors are one InputError of `file:line:col: message` lines. */
export function loadPolicyFile(text: string, fileName: string): Policy {
  const r = loadInstalledPolicy(text);
  if (!r.ok) throw new InputError(r.errors.map((e) => `${fileName}:${e.line}:${e.column}: ${e.message}`).join('\n'));
  return r.policy;
}

/** The tools whose recipients are those of the item their `id` names (policy/tools.ts). */
const ITEM_RECIPIENTS = new Set(
  Object.entries(BUILTIN_RECIPIENTS)
    .filter(([, shape]) => 'item' in shape)
    .map(([tool]) => tool),
);

/** The tools whose output items are emails (their sources name an email id). */
const EMAIL_TOOLS = new Set(['listEmails', 'getEmail', 'searchEmails']);

/** What a run against a world is given besides the plan: the world's tools, gate and firewall. */
export type WorldRunSetup = Pick<RunOptions, 'tools' | 'gate' | 'userAddresses' | 'contacts' | 'scan' | 'claimHash'>;

export async function simulate(opts: SimulateOptions): Promise<SimulateResult> {
  const state = opts.world;
  const report = await runPlan({
    ...worldRunSetup(opts),
    plan: opts.plan,
    mode: opts.mode,
    input: opts.input,
    limits: opts.limits,
    genericLift: opts.genericLift,
    noFastPaths: opts.noFastPaths,
  });
  // The whole world is read only when asked for (a profile's mail stays in its store): read it
  // before another run changes the same state.
  let after: World | undefined;
  return {
    report,
    effects: state.effects(),
    get world() {
      return (after ??= state.snapshot());
    },
  };
}

/**
 * The tools, gate and firewall of a run against `opts.world` (shared with the reference monitor,
 * engine/reference, so both meet the same world and policy).
 */
/**
 * An update sends the event as it will be, so what effect calls wrote into it earlier in the run
 * (a description filled from private or untrusted text while it had no attendees, where that was
 * allowed) reaches the attendees it has after the update: it is data of the call, as
 * `storedEvent`, with the label of what wrote it. An event the run did not make is the user's own
 * (an update changes only events the user organises) and joins its own label too: readable by
 * its organiser and guests, so a guest the update adds must be one of them for `allReaders`. An
 * invitation forged in the user's name (organiser not authenticated) carries its sender's title
 * and description to the attendees, so then `storedEvent` has the event's own untrusted label.
 */
function withStoredEvent(state: WorldState, call: GateCall): GateCall {
  const id = call.args.id;
  if (call.tool !== 'updateEvent' || id?.kind !== 'prim' || typeof id.value !== 'string') return call;
  const ev = state.findEvent(id.value);
  if (!ev) return call;
  const written = state.writtenLabel(`event:${ev.id}`);
  // Someone else's event needs nothing here: the tool refuses to change it.
  const mine = state.isUser(ev.organizer);
  const forged = ev.authenticated === false && mine;
  // The person's own event goes out with its readers: a guest the update adds who is not among
  // them would read notes written for the others. One this run made holds only what wrote it.
  const own = eventLabels(ev, state.userAddresses, written);
  const label = forged ? own.text : mine && !state.createdHere(ev.id) ? own.base : written;
  if (label === BOTTOM || (!label.sources.length && !label.caps.length && label.readers === 'public')) return call;
  return { ...call, args: { ...call.args, storedEvent: { kind: 'prim', value: ev.title, label } } };
}

/**
 * A send that joins a thread (`sendEmail` with `inReplyTo`) carries the thread's Message-IDs in
 * its In-Reply-To and References headers (engine/tools/mail-parts.ts `threadingOf`): data of the
 * email it names, which its recipients must be allowed to read, whoever chose the id. So the gate
 * sees it as `thread`, labeled with that email's readers (who wrote the ids is not the question
 * here: the headers carry no text of theirs, only which conversation it continues).
 */
function withThread(state: WorldState, call: GateCall): GateCall {
  const id = call.args.inReplyTo;
  if (call.tool !== 'sendEmail' || id?.kind !== 'prim' || typeof id.value !== 'string') return call;
  const e = state.findEmail(id.value);
  if (!e) return call;
  const { readers } = readEmailLabel(state, e);
  if (readers === 'public') return call;
  const label: Label = { sources: [`tool:getEmail:${e.id}`], untrusted: [], readers, caps: [] };
  return { ...call, args: { ...call.args, thread: { kind: 'prim', value: e.id, label } } };
}

export function worldRunSetup(opts: Omit<SimulateOptions, 'plan'>): WorldRunSetup {
  const state = opts.world;
  const policy = withAllowlists(opts.policy ?? presetPolicy('default'), state.allowlists ?? {});
  const contacts = state.contacts.map((c) => bareAddress(c.email));
  const sanitizers = sanitizerTools({
    userAddresses: state.userAddresses,
    contacts,
    recipientPatterns: [...policy.allowlists.recipients],
    urlPatterns: [...policy.allowlists.urls],
  });
  const tools = toolRegistry([
    ...worldTools(state, opts.extractor ? { extractor: opts.extractor } : {}),
    sanitizers.verifyEmailAddress,
    sanitizers.verifyUrl,
    sanitizers.verifyAmount,
  ] as never[]);
  // Who a reply, an RSVP or an event update really goes to is what its effect reaches
  // (engine/tools: a reply-all's whole To/Cc list, the attendees after an update), and depends on
  // the item it names: text its sender wrote (a reply's From, an invitation's organiser).
  const lookups = worldLookups(state);
  const resolveRecipients = (call: GateCall): { recipients: string[]; read: Label } | undefined => {
    const id = call.args.id;
    if (id?.kind !== 'prim' || typeof id.value !== 'string' || !ITEM_RECIPIENTS.has(call.tool)) return undefined;
    const item = call.tool === 'replyToEmail' ? state.findEmail(id.value) : state.findEvent(id.value);
    if (!item) return undefined;
    const args = Object.fromEntries(Object.entries(call.args).map(([k, v]) => [k, plainOf(v) ?? null]));
    const recipients = effectRecipients(effectOf(call.tool, args, lookups));
    const read = 'threadId' in item ? readEmailLabel(state, item) : readEventLabel(state, item);
    return { recipients, read };
  };
  const recipientsOf = (call: GateCall): string[] | undefined => resolveRecipients(call)?.recipients;
  // The world knows whose mail the receiving server authenticated (an email's attested sender),
  // and of which invitations it authenticated the organiser.
  const authorOf = (tool: string, item: string): string | undefined => {
    if (tool === 'listEvents') {
      const ev = state.findEvent(item);
      return ev && ev.authenticated !== false ? bareAddress(ev.organizer) : undefined;
    }
    if (!EMAIL_TOOLS.has(tool)) return undefined;
    const e = state.senderOf(item);
    return e && e.authenticated !== false ? bareAddress(e.from) : undefined;
  };
  const decide = policyGate(policy, { recipientsOf, authorOf });
  const authorsIn = (call: GateCall): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const l of [call.context, ...Object.values(call.args).map(deepLabel)])
      for (const s of l.untrusted) {
        const it = itemOfSource(s);
        const author = it ? authorOf(it.tool, it.item) : undefined;
        if (it && author !== undefined) out[`${it.tool}:${it.item}`] = author;
      }
    return out;
  };
  const gate: Gate = (call) => {
    const decision = decide(withThread(state, withStoredEvent(state, call)));
    opts.onDecision?.(call, decision, recipientsOf(call), authorsIn(call));
    // A decision made from the world's recipients depends on the item they came from.
    const read = resolveRecipients(call)?.read;
    return read ? { ...decision, read } : decision;
  };
  return {
    tools,
    gate,
    userAddresses: state.userAddresses,
    contacts,
    // A claim binds what its call would do to this world, as a profile's claim binds what it
    // would send: the same effect, hashed the same way.
    claimHash: (tool, args) => claimHash(tool, args, lookups),
    scan: (v) => {
      const r = firewallValue(v);
      if (r.findings.length) opts.onFindings?.(undefined, r.findings);
      return r.value;
    },
  };
}
