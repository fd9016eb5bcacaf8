/**
 * The policy gate: a pure, deterministic function of (policy, call). Budgets first, then the
 * rules in order (the first whose tools/kinds and `when` match decides), then fail closed.
 * Every decision names its rule and gives reasons that name the field and the source.
 */
import { safeGate, type Decision, type Gate, type GateCall } from '../gate/types';
import { CallAnalysis, CappedList, fmtList, fmtSources, type PolicyGateOptions } from './analysis';
import { capsMatching } from './match';
import type { ArgsTest, BulkTest, Condition, ContextTest, Policy, RecipientsTest, Rule } from './schema';

export type { PolicyGateOptions } from './analysis';

export const NO_MATCH_RULE = 'policy/no-match';
const MAX_REASONS = 12;

interface Outcome {
  readonly ok: boolean;
  /** Sentences explaining the outcome (why it holds, or why it does not). */
  readonly why: readonly string[];
}

/** An atomic test: `holds` is the fact, `want` what the policy asked for. */
const atom = (holds: boolean, want: boolean, whyTrue: readonly string[], whyFalse: readonly string[]): Outcome => ({
  ok: holds === want,
  why: holds ? whyTrue : whyFalse,
});

/** The sentences of the parts whose `ok` is `pick` (all parts when `pick` is null). */
function whyOf(parts: readonly Outcome[], pick: boolean | null): readonly string[] {
  // Loops, not filter/flatMap: this runs for every condition of every rule the gate reads.
  if (parts.length === 1 && (pick === null || parts[0]!.ok === pick)) return parts[0]!.why;
  const out: string[] = [];
  for (const p of parts) if (pick === null || p.ok === pick) for (const w of p.why) out.push(w);
  return out;
}

function allOf(parts: readonly Outcome[]): Outcome {
  let ok = true;
  for (const p of parts) if (!p.ok) ok = false;
  return { ok, why: whyOf(parts, ok ? null : false) };
}

function anyOf(parts: readonly Outcome[]): Outcome {
  let ok = false;
  for (const p of parts) if (p.ok) ok = true;
  return { ok, why: whyOf(parts, ok ? true : null) };
}

const quoteFields = (fields: readonly string[]): string => fields.map((f) => `\`${f}\``).join(', ');

function fieldTests(t: ArgsTest, A: CallAnalysis, fields: readonly string[], what: string): Outcome[] {
  const present = fields.filter((f) => A.has(f));
  const parts: Outcome[] = [];
  if (t.capsAny !== undefined) {
    const patterns = t.capsAny;
    const hits = new CappedList();
    for (const f of present)
      for (const leaf of A.leaves(f)) {
        const caps = capsMatching(patterns, leaf.label.caps);
        if (caps.length)
          hits.push(() => `\`${leaf.path}\` carries ${caps.join(', ')} (from ${fmtSources(leaf.label)})`);
      }
    parts.push({
      ok: hits.size > 0,
      why: hits.size ? hits.done('values carrying them') : [`no ${what} carries ${patterns.join(', ')}`],
    });
  }
  if (t.trusted !== undefined) {
    const bad = A.untrustedLeaves(present);
    parts.push(atom(bad.length === 0, t.trusted, [`every ${what} comes from trusted sources`], bad));
  }
  if (t.oneOf !== undefined) {
    const allowed = t.oneOf;
    const bad = new CappedList();
    for (const f of present)
      for (const leaf of A.leaves(f)) {
        const v = leaf.value;
        if (v.kind !== 'prim' || typeof v.value !== 'string' || !allowed.includes(v.value))
          bad.push(() => `\`${leaf.path}\` is not one of ${allowed.join(', ')}`);
      }
    const none = present.length === 0 ? [`none of ${quoteFields(fields)} is given`] : [];
    parts.push(
      atom(
        bad.size === 0 && none.length === 0,
        true,
        [`every ${what} is one of ${allowed.join(', ')}`],
        [...none, ...bad.done('values')],
      ),
    );
  }
  if (t.verified !== undefined) {
    const kind = t.verified;
    const bad = new CappedList();
    for (const f of present)
      for (const leaf of A.leaves(f))
        if (leaf.label.verified !== kind) bad.push(() => `\`${leaf.path}\` is not verified(${kind})`);
    parts.push(atom(bad.size === 0, true, [`every ${what} is verified(${kind})`], bad.done('values')));
  }
  return parts;
}

function recipientsTests(t: RecipientsTest, A: CallAnalysis): Outcome[] {
  const R = A.recipients;
  const parts: Outcome[] = [];
  const unknown = R.unknownWhy ?? 'the recipients are unknown';
  if (t.none !== undefined) {
    const holds = R.known && R.list.length === 0;
    const names = R.list.map((r) => r.address ?? r.shown);
    parts.push(
      atom(holds, t.none, ['the call has no recipients'], [R.known ? `the call goes to ${fmtList(names)}` : unknown]),
    );
  }
  if (t.known !== undefined) parts.push(atom(R.known, t.known, ['the recipients are known'], [unknown]));
  if (t.allTrusted !== undefined) {
    const bad = R.list.filter((r) => !r.trusted).map((r) => r.why);
    const holds = R.known && bad.length === 0;
    parts.push(
      atom(
        holds,
        t.allTrusted,
        R.list.length ? R.list.map((r) => r.why) : ['the call has no recipients'],
        R.known ? bad : [unknown],
      ),
    );
  }
  if (t.allReaders !== undefined) {
    const bad = [...A.readerProblems(A.dataFields), ...A.recipientDisclosures()];
    parts.push(atom(bad.length === 0, t.allReaders, ['every recipient may read the data sent'], bad));
  }
  if (t.canRead !== undefined) {
    const bad = A.readerProblems(t.canRead);
    parts.push(atom(bad.length === 0, true, [`every recipient may read ${quoteFields(t.canRead)}`], bad));
  }
  if (t.onlyUser !== undefined) {
    const others = R.list.filter((r) => !r.isUser);
    const holds = R.known && R.list.length > 0 && others.length === 0;
    const whyFalse = !R.known
      ? [unknown]
      : R.list.length === 0
        ? ['the call has no recipients']
        : others.map((r) => `${r.shown} is not one of your addresses`);
    parts.push(atom(holds, t.onlyUser, ['the only recipients are your own addresses'], whyFalse));
  }
  if (t.allAllowlisted !== undefined) {
    const bad = R.list.filter((r) => r.allowlisted === null).map((r) => `${r.shown} is not on the recipient allowlist`);
    const holds = R.known && bad.length === 0;
    parts.push(atom(holds, t.allAllowlisted, ['every recipient is on the allowlist'], R.known ? bad : [unknown]));
  }
  if (t.countOver !== undefined) {
    const n = t.countOver;
    const holds = !R.known || R.list.length > n;
    parts.push(
      atom(
        holds,
        true,
        [R.known ? `the call goes to ${R.list.length} recipients (more than ${n})` : unknown],
        [`the call goes to ${count(R.list.length, 'recipient')} (at most ${n})`],
      ),
    );
  }
  return parts;
}

function contextTests(t: ContextTest, A: CallAnalysis): Outcome[] {
  const ctx = A.call.context;
  const parts: Outcome[] = [];
  if (t.trusted !== undefined) {
    const bad = A.contextUntrusted();
    parts.push(atom(bad === null, t.trusted, ['the control context is trusted'], bad === null ? [] : [bad]));
  }
  if (t.capsAny !== undefined) {
    const caps = capsMatching(t.capsAny, ctx.caps);
    parts.push({
      ok: caps.length > 0,
      why: caps.length
        ? [`the control context carries ${caps.join(', ')} (from ${fmtSources(ctx)})`]
        : [`the control context carries none of ${t.capsAny.join(', ')}`],
    });
  }
  if (t.readableByRecipients !== undefined) {
    const bad = A.contextReaderProblems();
    parts.push(atom(bad.length === 0, t.readableByRecipients, ['every recipient may read why the call happens'], bad));
  }
  return parts;
}

function bulkTest(t: BulkTest, A: CallAnalysis, want: boolean): Outcome {
  const { untrusted, pii } = A.bulk;
  const over: string[] = [];
  if (t.untrustedItemsOver !== undefined && untrusted.length > t.untrustedItemsOver)
    over.push(
      `the data sent joins ${untrusted.length} untrusted sources (more than ${t.untrustedItemsOver}): ${fmtList(untrusted)}`,
    );
  if (t.piiFindingsOver !== undefined && pii.length > t.piiFindingsOver)
    over.push(`the data sent carries ${pii.length} PII findings (more than ${t.piiFindingsOver}): ${fmtList(pii)}`);
  return atom(over.length > 0, want, over, [
    `the data sent joins ${count(untrusted.length, 'untrusted source')} and ${count(pii.length, 'PII finding')}, within the limits`,
  ]);
}

export function evalCondition(c: Condition, A: CallAnalysis): Outcome {
  const parts: Outcome[] = [];
  if (c.all !== undefined) parts.push(allOf(c.all.map((x) => evalCondition(x, A))));
  if (c.any !== undefined) parts.push(anyOf(c.any.map((x) => evalCondition(x, A))));
  if (c.not !== undefined) {
    const o = evalCondition(c.not, A);
    parts.push({ ok: !o.ok, why: o.why });
  }
  if (c.args !== undefined) parts.push(...fieldTests(c.args, A, c.args.fields ?? A.argNames, 'argument'));
  if (c.data !== undefined) parts.push(...fieldTests(c.data, A, A.dataFields, 'data argument'));
  if (c.recipients !== undefined) parts.push(...recipientsTests(c.recipients, A));
  if (c.context !== undefined) parts.push(...contextTests(c.context, A));
  if (c.selfScoped !== undefined) {
    const s = A.selfScope;
    parts.push({ ok: s.ok === c.selfScoped, why: s.why });
  }
  if (c.authoredByRecipients !== undefined) {
    const s = A.authoredByRecipients;
    parts.push({ ok: s.ok === c.authoredByRecipients, why: s.why });
  }
  if (c.organisedByTrusted !== undefined) {
    const s = A.organisedByTrusted;
    parts.push({ ok: s.ok === c.organisedByTrusted, why: s.why });
  }
  if (c.deleteEnabled !== undefined) {
    const on = A.policy.settings.deleteEnabled;
    parts.push(
      atom(
        on,
        c.deleteEnabled,
        ['deleting is enabled by this policy (settings.deleteEnabled)'],
        ['deleting is disabled by this policy (settings.deleteEnabled is false)'],
      ),
    );
  }
  if (c.bulkEgress !== undefined) {
    const b = A.policy.settings.bulkEgress;
    parts.push(
      bulkTest({ untrustedItemsOver: b.maxUntrustedItems, piiFindingsOver: b.maxPiiFindings }, A, c.bulkEgress),
    );
  }
  if (c.bulk !== undefined) parts.push(bulkTest(c.bulk, A, true));
  return allOf(parts);
}

const applies = (rule: Rule, call: GateCall): boolean =>
  (rule.tools === undefined && rule.kinds === undefined) ||
  (rule.tools?.includes(call.tool) ?? false) ||
  (rule.kinds?.includes(call.kind) ?? false);

/** What a reviewer should know about a call that is not simply allowed. */
function concerns(A: CallAnalysis): string[] {
  const out: string[] = [];
  const R = A.recipients;
  if (R.applies) {
    if (!R.known && R.unknownWhy) out.push(R.unknownWhy);
    out.push(...R.list.filter((r) => !r.trusted).map((r) => r.why));
    out.push(...A.readerProblems(A.dataFields));
    out.push(...A.contextReaderProblems());
  }
  const ctx = A.contextUntrusted();
  if (ctx !== null) out.push(ctx);
  if (!R.applies && A.has('id') && !A.selfScope.ok) out.push(...A.selfScope.why);
  return out;
}

function finish(reasons: readonly string[]): string[] {
  // A decision has a handful of reasons: a scan of the few kept so far beats building a Set.
  const seen = reasons.length > 32 ? new Set<string>() : null;
  const out: string[] = [];
  for (const r of reasons) {
    if (!r || (seen ? seen.has(r) : out.includes(r))) continue;
    seen?.add(r);
    out.push(r);
  }
  if (out.length <= MAX_REASONS) return out;
  // Cut, but every field keeps its first sentence: twenty cc entries must not crowd out the one
  // sentence that names the email behind the body.
  const fields = new Set<string>();
  const keep = new Set<number>();
  out.forEach((r, i) => {
    const f = fieldOf(r);
    if (f !== null && !fields.has(f)) {
      fields.add(f);
      keep.add(i);
    }
  });
  for (let i = 0; i < out.length && keep.size < MAX_REASONS - 1; i++) keep.add(i);
  const kept = out.filter((_, i) => keep.has(i));
  return kept.length < out.length ? [...kept, `and ${count(out.length - kept.length, 'more reason')}`] : kept;
}

/** The field a reason is about: `cc[3]` and `cc[7]` are both about `cc`. */
const fieldOf = (reason: string): string | null => /^`([^`[.]+)/.exec(reason)?.[1] ?? null;
const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

function budgetDecision(policy: Policy, call: GateCall): Decision | null {
  const own = Object.prototype.hasOwnProperty.call(policy.budgets, call.tool);
  const cap = own ? policy.budgets[call.tool] : policy.budgets['*'];
  if (cap === undefined) return null;
  const used = Object.prototype.hasOwnProperty.call(call.counters, call.tool) ? Number(call.counters[call.tool]) : 0;
  if (!(used >= cap) && Number.isFinite(used)) return null;
  return {
    decision: 'deny',
    rule: `budget/${call.tool}`,
    reasons: [
      `${call.tool} was already called ${count(used, 'time')} in this run; the budget ${own ? `for ${call.tool}` : '(`*`)'} is ${cap}`,
    ],
  };
}

/** Decides one call (may throw on malformed input: use `policyGate`, which fails closed). */
export function evaluatePolicy(policy: Policy, call: GateCall, opts: PolicyGateOptions = {}): Decision {
  const budget = budgetDecision(policy, call);
  if (budget) return budget;
  const A = new CallAnalysis(call, policy, opts);
  // Why the last rule that would have allowed this call did not: the most useful explanation
  // of a deny or confirm from a catch-all rule.
  let missed: readonly string[] = [];
  for (const rule of policy.rules) {
    if (!applies(rule, call)) continue;
    const o = evalCondition(rule.when ?? {}, A);
    if (!o.ok) {
      if (rule.decision === 'allow') missed = o.why;
      continue;
    }
    if (rule.decision === 'allow') {
      return {
        decision: 'allow',
        rule: rule.id,
        reasons: finish([rule.reason ?? `rule ${rule.id} allows ${call.tool}`, ...o.why]),
      };
    }
    const reasons = finish([rule.reason ?? `rule ${rule.id} matched`, ...o.why, ...missed, ...concerns(A)]);
    if (rule.decision === 'deny') return { decision: 'deny', rule: rule.id, reasons };
    return { decision: 'confirm', rule: rule.id, reasons, risk: rule.risk ?? 'medium' };
  }
  return {
    decision: 'deny',
    rule: NO_MATCH_RULE,
    reasons: finish([
      `no rule of policy "${policy.name}" matches this ${call.kind} call to ${call.tool}; what no rule allows is denied`,
      ...missed,
      ...concerns(A),
    ]),
  };
}

/** The policy as a gate: pure, deterministic, and failing closed on any internal error. */
export function policyGate(policy: Policy, opts: PolicyGateOptions = {}): Gate {
  return safeGate((call) => evaluatePolicy(policy, call, opts));
}
