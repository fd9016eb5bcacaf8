/**
 * The Review screen's calls. A claim is shown from what is stored for it — the action, its
 * content hash, the labels the engine recorded — explained afresh in today's words (never from
 * text a plan produced). Approval is bound to the hash the card displayed; the outbox commits
 * after the undo window (the app's scheduler), and the card follows the commit state.
 */
import type { ClaimRowView, ClaimView, ZamburakHandlers } from '../../preload/contract';
import type { Directory, FieldExplanation } from '../../engine/claims/explain';
import { fieldWords } from '../../engine/claims/field-words';
import { itemName, withShortTitles } from '../../engine/claims/sources';
import { formatWhen } from '../../engine/claims/when';
import { lineageGraph, type LineageGraph } from '../../engine/claims/lineage-graph';
import { fieldHeading } from '../../engine/claims/step-words';
import { ruleWords } from '../../engine/policy/rule-words';
import { toolWords } from '../../engine/tools/tool-words';
import { ClaimError, type ClaimRow } from '../claims/claim-store';
import { explainStored } from '../claims/explain-stored';
import { allowRecipients, wideningWords } from '../claims/narrow-override';
import type { ClaimsService } from '../services/claims-service';
import type { PoliciesService } from '../services/policies-service';
import type { AppContext } from './inbox';
import { policyTextForPeople } from './policy-text';
import { CHANGED_SINCE_SHOWN, claimErrorWords } from './claim-error-words';
import { ServiceError } from './router';
import { reasonsInWords } from './reason-words';
import { sourceWords } from './source-words';

/** The fields of an event's action that hold a time. */
const TIME_FIELDS = new Set(['start', 'end']);

export function claimsHandlers(
  ctx: AppContext,
  claims: ClaimsService,
  policies: PoliciesService,
): ZamburakHandlers['claims'] {
  const p = ctx.profile;

  const rowView = (c: ClaimRow, x = explainStored(p, c).x): ClaimRowView => ({
    id: c.id,
    state: c.state,
    tool: c.action.tool,
    what: x.what,
    risk: x.risk,
    rule: c.rule,
    createdAt: c.createdAt,
    flags: [...x.flags],
    contentHash: c.contentHash,
  });

  /**
   * A field's node headed by what the field is ("Who it goes to") over the value it will have
   * ("ap-desk@…"); its name ("Recipient 2") stays in the tooltip.
   */
  const withFieldHeadings = (
    g: LineageGraph,
    fx: readonly FieldExplanation[],
    label: (path: string) => string,
    dir: Directory,
  ): LineageGraph => ({
    ...g,
    nodes: g.nodes.map((n) => {
      if (n.kind !== 'field') return n;
      const path = n.id.slice('field:'.length);
      const value = fx.find((f) => f.path === path)?.value;
      // The item an action works on is named by what it is (subject and sender, title and
      // time), not by its id ("e02"), even when it is gone.
      const item = value && path === 'id' ? (itemName(value, dir) ?? 'no longer in your mailbox or calendar') : null;
      // A time as the person reads it elsewhere on the card, not as the action stores it.
      const when = value && TIME_FIELDS.has(path) ? formatWhen(value, dir.timeStyle) : null;
      return {
        ...n,
        heading: fieldHeading(path, label(path)),
        label: item ?? when ?? (value || n.label),
        detail: n.label,
      };
    }),
  });

  const view = (id: string): ClaimView => {
    const c = claims.get(id);
    const { x, fields, dir } = explainStored(p, c);
    const e = claims.outbox.entry(id);
    // The lineage's nodes are small: an email there is said with its subject shortened.
    const lineageDir = withShortTitles(dir);
    const describe = (s: string) => sourceWords(s, lineageDir);
    const label = (path: string) =>
      x.fields.find((f) => f.path === path)?.label ?? fieldWords(c.action.tool, path).label;
    return {
      ...rowView(c, x),
      ruleWords: ruleWords(c.rule),
      args: { ...c.action.args },
      why: [...x.why],
      recipients: [...x.recipients],
      unsafeRecipients: x.unsafeRecipients.map((u) => ({ ...u })),
      preview: JSON.parse(JSON.stringify(x.preview)) as ClaimView['preview'],
      fields: x.fields.map((f) => ({ ...f })),
      reasons: reasonsInWords(c.action.tool, c.reasons, dir),
      decidedAt: c.decidedAt,
      reason: c.reason,
      error: c.error,
      commit: e ? { state: e.state, notBefore: e.notBefore, attempts: e.attempts } : null,
      lineage: withFieldHeadings(lineageGraph(fields, describe, label), x.fields, label, dir),
    };
  };

  /**
   * The narrowest change that stops this claim coming back: its exact recipients join the
   * recipient allowlist (no wildcard, nothing else changes). Refused for claims not about who
   * receives them, and for any recipient no standing rule may trust: one an email chose, a
   * look-alike, the unverified sender of the mail it answers, and anyone the call does not name
   * itself (a reply-all's To and Cc, an update's guests: text the email or event holds).
   */
  const proposal = (id: string) => {
    const c = claims.get(id);
    const { x } = explainStored(p, c);
    if (!x.recipients.length || !/recipient/.test(c.rule))
      throw new ServiceError(
        'conflict',
        `“always allow” can only trust who receives a message; this one asks for another reason (${ruleWords(c.rule)}): change the policy in Settings instead`,
      );
    if (x.unsafeRecipients.length)
      throw new ServiceError(
        'conflict',
        `always allowing would trust ${x.unsafeRecipients.map((u) => `${u.address} (${u.why})`).join(', ')}; approve this claim alone, or reject it`,
      );
    const widening = wideningWords(x.recipients);
    if (widening) throw new ServiceError('conflict', widening);
    const current = policies.current();
    const { after, added } = allowRecipients(current.yaml, x.recipients);
    return { c, current, after, added };
  };

  const decide = (id: string, hash: string, how: 'approve' | 'reject', reason: string) => {
    if (how === 'approve') claims.approve(id, { by: 'user', expectedHash: hash });
    else {
      const c = claims.get(id);
      if (c.contentHash !== hash) throw new ServiceError('conflict', CHANGED_SINCE_SHOWN);
      claims.reject(id, { by: 'user', ...(reason.trim() ? { reason: reason.trim() } : {}) });
    }
  };

  return {
    list: (state) => claims.list(state ?? 'pending', 200).map((c) => rowView(c)),
    get: view,
    approve(id, hash) {
      claims.approve(id, { by: 'user', expectedHash: hash });
      return view(id);
    },
    edit(id, hash, patch) {
      claims.edit(id, patch, { by: 'user', expectedHash: hash });
      return view(id);
    },
    reject(id, reason) {
      claims.reject(id, { by: 'user', ...(reason.trim() ? { reason: reason.trim() } : {}) });
      return view(id);
    },
    undo(id) {
      claims.undo(id, 'user');
      return view(id);
    },
    proposeOverride(id) {
      const { c, current, after, added } = proposal(id);
      return {
        before: policyTextForPeople(current.yaml),
        after: policyTextForPeople(after),
        rule: c.rule,
        added,
        version: current.version,
      };
    },
    alwaysAllow(id, hash, version) {
      const { current, after, added } = proposal(id);
      if (current.version !== version)
        throw new ServiceError(
          'conflict',
          'the policy was changed since this change to it was shown: open “Approve and always allow” again to see it as it is now',
        );
      if (claims.get(id).contentHash !== hash) throw new ServiceError('conflict', CHANGED_SINCE_SHOWN);
      if (added.length) {
        const saved = policies.save(after, { by: 'user', note: `always allow ${added.join(', ')}: from claim ${id}` });
        if ('errors' in saved)
          throw new ServiceError(
            'conflict',
            `the policy change does not validate: ${saved.errors.map((e) => e.message).join('; ')}`,
          );
      }
      claims.approve(id, { by: 'user', expectedHash: hash });
      return view(id);
    },
    decideMany(items, how, reason) {
      const rows = items.map((i) => claims.get(i.id));
      const tools = new Set(rows.map((c) => c.action.tool));
      if (tools.size > 1)
        throw new ServiceError(
          'bad-request',
          `claims decided together must be of one kind; these are ${[...tools].map(toolWords).join(', ')}`,
        );
      return items.map((i) => {
        try {
          decide(i.id, i.hash, how, reason);
          return { id: i.id, ok: true, error: null };
        } catch (e) {
          return { id: i.id, ok: false, error: e instanceof ClaimError ? claimErrorWords(e) : (e as Error).message };
        }
      });
    },
  };
}
