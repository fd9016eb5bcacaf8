/**
 * The Review screen's calls. A claim is shown from what is stored for it — the action, its
 * content hash, the explanation and lineage the engine derived from labels — never from text a
 * plan produced. Approval is bound to the hash the card displayed; the outbox commits after the
 * undo window (the app's scheduler), and the card follows the commit state.
 */
import { parseDocument } from 'yaml';
import type { ClaimRowView, ClaimView, ZamburakHandlers } from '../../preload/contract';
import { describeSource, explainClaim, humanizeReason, recipientsOf } from '../../engine/claims/explain';
import { lineageGraph } from '../../engine/claims/lineage-graph';
import type { FieldLineage } from '../../engine/run/types';
import type { ClaimRow } from '../claims/claim-store';
import type { ClaimsService } from '../services/claims-service';
import type { PoliciesService } from '../services/policies-service';
import { profileDirectory } from '../profile/directory';
import type { AppContext } from './inbox';
import { ServiceError } from './router';

const SOURCE_WORDS: Readonly<Record<string, string>> = {
  user: 'what you typed',
  system: 'your own data',
  plan: 'the plan itself',
};

export function claimsHandlers(
  ctx: AppContext,
  claims: ClaimsService,
  policies: PoliciesService,
): ZamburakHandlers['claims'] {
  const p = ctx.profile;
  const directoryOf = (c: ClaimRow) =>
    profileDirectory(p, (c.accountId && p.repos.accounts.get(c.accountId)) || p.primaryAccount());

  const explain = (c: ClaimRow) => {
    const fields = c.fields as unknown as FieldLineage[];
    const dir = directoryOf(c);
    // Stored at creation; recomputed for claims made before explanations existed.
    const x =
      (c.explanation as unknown as ReturnType<typeof explainClaim> | undefined) ??
      explainClaim({ tool: c.action.tool, args: c.action.args, fields }, dir);
    const describe = (s: string) => describeSource(s, dir) ?? SOURCE_WORDS[s] ?? s;
    return { x, lineage: lineageGraph(fields, describe), dir };
  };

  const rowView = (c: ClaimRow): ClaimRowView => {
    const { x } = explain(c);
    return {
      id: c.id,
      state: c.state,
      tool: c.action.tool,
      what: x.what,
      risk: c.risk,
      rule: c.rule,
      createdAt: c.createdAt,
      flags: [...x.flags],
    };
  };

  const view = (id: string): ClaimView => {
    const c = claims.get(id);
    const { x, lineage, dir } = explain(c);
    const e = claims.outbox.entry(id);
    return {
      ...rowView(c),
      args: { ...c.action.args },
      fields: x.fields.map((f) => ({ ...f })),
      reasons: c.reasons.map((r) => humanizeReason(r, dir)),
      contentHash: c.contentHash,
      decidedAt: c.decidedAt,
      reason: c.reason,
      error: c.error,
      commit: e ? { state: e.state, notBefore: e.notBefore, attempts: e.attempts } : null,
      lineage,
    };
  };

  return {
    list: (state) => claims.list(state ?? 'pending', 200).map(rowView),
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
    /**
     * The narrowest change that stops this claim coming back: its exact recipients join the
     * recipient allowlist (no wildcard, nothing else changes). Claims without recipients have no
     * such override; the policy editor is the place for those.
     */
    proposeOverride(id) {
      const c = claims.get(id);
      const { dir } = explain(c);
      const recipients = recipientsOf(c.action.tool, c.action.args, dir);
      if (!recipients.length || !/recipient/.test(c.rule))
        throw new ServiceError(
          'conflict',
          `no narrow override for a claim of rule ${c.rule}: it is not about who receives it; edit the policy in Settings`,
        );
      const before = policies.current().yaml;
      const doc = parseDocument(before);
      const list = (doc.getIn(['allowlists', 'recipients']) as { toJSON(): unknown } | undefined)?.toJSON();
      const existing = Array.isArray(list) ? list.map(String) : [];
      const added = recipients.filter((r) => !existing.includes(r));
      doc.setIn(['allowlists', 'recipients'], [...existing, ...added]);
      return { before, after: doc.toString(), rule: c.rule };
    },
  };
}
