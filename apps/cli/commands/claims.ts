/**
 * `zamburak claims list|show ID|edit ID|approve ID|reject ID|undo ID`: the approval inbox from
 * the command line. `edit` rewrites a pending claim's text; `approve` waits out the undo window
 * and commits through the outbox.
 */
import { EDITABLE_TEXT } from '../../../main/claims/editable-text';
import type { ClaimRow } from '../../../main/claims/claim-store';
import { explainStored } from '../../../main/claims/explain-stored';
import type { ClaimExplanation, Directory } from '../../../engine/claims/explain';
import { reasonsInWords } from '../../../main/app/reason-words';
import { ClaimError } from '../../../main/services/claims-service';
import { servicesOf } from '../../../main/services/services';
import { InputError, intFlag, LIMIT_RANGE, readText, refusalExit, str, UsageError, type Parsed } from '../args';
import { withProfile } from '../profile-arg';
import type { Command } from './types';
import { claimsSpec } from './specs';

const STATES = ['pending', 'approved', 'committing', 'committed', 'rejected', 'expired', 'failed'] as const;

const summary = (c: ClaimRow) => ({
  id: c.id,
  state: c.state,
  tool: c.action.tool,
  args: c.action.args,
  rule: c.rule,
  reasons: c.reasons,
  risk: c.risk,
  contentHash: c.contentHash,
  explanation: c.explanation ?? null,
  runId: c.runId ?? null,
  createdAt: c.createdAt,
  decidedAt: c.decidedAt,
  reason: c.reason,
  error: c.error,
});

const line = (c: ClaimRow): string =>
  `${c.id}  ${c.state.padEnd(10)} ${c.risk.padEnd(6)} ${c.action.tool}(${JSON.stringify(c.action.args).slice(0, 80)})  [${c.rule}]`;

function detail(c: ClaimRow, x: ClaimExplanation, dir: Directory): string {
  return [
    `claim ${c.id} (${c.state}, risk ${x.risk})`,
    `  ${x.what}`,
    ...x.why.map((w) => `  why      ${w}`),
    ...x.fields.map((f) => `  ${f.label.padEnd(24)} ${f.provenance}`),
    `  action   ${c.action.tool} ${JSON.stringify(c.action.args, null, 2).replace(/\n/g, '\n           ')}`,
    `  rule     ${c.rule}`,
    ...reasonsInWords(c.action.tool, c.reasons, dir).map((r) => `  reason   ${r}`),
    `  hash     ${c.contentHash}`,
    ...(c.reason ? [`  reason   ${c.reason}`] : []),
    ...(c.error ? [`  error    ${c.error}`] : []),
  ].join('\n');
}

/**
 * `--hash H`: approve or edit only at the hash shown. A `--hash` given empty (a script whose hash
 * came out empty) is a hash that matches nothing, never "no hash given", as in the service and
 * the bridge (red-team rounds 18 and 22).
 */
const shownHashArg = (p: Parsed): { expectedHash?: string } =>
  p.flags.has('--hash') ? { expectedHash: str(p, '--hash') ?? '' } : {};

function undoWindow(p: Parsed): number | undefined {
  const v = str(p, '--undo-window');
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new UsageError('--undo-window takes a number of seconds (0 or more)');
  return n * 1000;
}

async function claims(p: Parsed): Promise<number> {
  const [sub, id, extra] = p.positional;
  const json = p.flags.has('--json');
  const out = (human: string, data: unknown) => process.stdout.write(json ? JSON.stringify(data) + '\n' : human + '\n');
  if (extra) throw new UsageError(`claims ${sub} takes at most one ID`);
  return withProfile(p, async (profile) => {
    const svc = servicesOf(profile).claims;
    try {
      switch (sub) {
        case 'list': {
          const state = str(p, '--state');
          if (state && !(STATES as readonly string[]).includes(state))
            throw new UsageError(`--state must be one of ${STATES.join(', ')}`);
          const list = svc.list(state as ClaimRow['state'] | undefined, intFlag(p, '--limit', 100, LIMIT_RANGE));
          out(list.length ? list.map(line).join('\n') : 'No claims.', { claims: list.map(summary) });
          return 0;
        }
        case 'show': {
          if (!id) throw new UsageError('claims show needs an ID');
          const c = svc.get(id);
          const { x, dir } = explainStored(profile, c);
          // `explanation` as a person reads it (what, why, recipients, preview, fields); the raw
          // gate reasons and labels beside it.
          out(detail(c, x, dir), { ...summary(c), explanation: x, fields: c.fields, context: c.context });
          return 0;
        }
        case 'approve': {
          if (!id) throw new UsageError('claims approve needs an ID');
          const ms = undoWindow(p);
          const { messageId, notBefore } = svc.approve(id, {
            by: 'cli',
            ...shownHashArg(p),
            ...(ms !== undefined ? { undoWindowMs: ms } : {}),
          });
          if (p.flags.has('--no-wait')) {
            out(`Approved ${id}; it will be committed after ${notBefore}.`, {
              id,
              state: 'approved',
              notBefore,
              messageId,
            });
            return 0;
          }
          let told = false;
          const c = await svc.commitWhenDue(id, (wait) => {
            if (!told && !json)
              process.stderr.write(
                `Approved. Committing in ${Math.ceil(wait / 1000)} s (undo: zamburak claims undo ${id})…\n`,
              );
            told = true;
          });
          out(
            c.state === 'committed' ? `Committed ${id}.` : `Claim ${id} is ${c.state}${c.error ? `: ${c.error}` : ''}.`,
            summary(c),
          );
          return c.state === 'committed' ? 0 : 1;
        }
        case 'edit': {
          if (!id) throw new UsageError('claims edit needs an ID');
          const patch: Record<string, string> = {};
          for (const field of EDITABLE_TEXT) {
            const file = str(p, `--${field}-file`);
            const value = file !== undefined ? readText(file, field) : str(p, `--${field}`);
            if (value !== undefined) patch[field] = value;
          }
          if (Object.keys(patch).length === 0)
            throw new UsageError(
              'claims edit needs --subject, --body, --comment, --title or --description (or --FIELD-file)',
            );
          const c = svc.edit(id, patch, {
            by: 'cli',
            ...shownHashArg(p),
          });
          out(`Edited ${id}; approve it at ${c.contentHash}.`, summary(c));
          return 0;
        }
        case 'reject': {
          if (!id) throw new UsageError('claims reject needs an ID');
          const reason = str(p, '--reason');
          svc.reject(id, { by: 'cli', ...(reason ? { reason } : {}) });
          out(`Rejected ${id}.`, summary(svc.get(id)));
          return 0;
        }
        case 'undo': {
          if (!id) throw new UsageError('claims undo needs an ID');
          svc.undo(id, 'cli');
          out(`Undone: ${id} is pending again.`, summary(svc.get(id)));
          return 0;
        }
        default:
          throw new UsageError('claims takes list, show ID, edit ID, approve ID, reject ID or undo ID');
      }
    } catch (e) {
      if (e instanceof ClaimError) {
        process.stderr.write(`zamburak claims: ${e.message}\n`);
        return refusalExit(e.code);
      }
      if (e instanceof UsageError || e instanceof InputError) throw e;
      throw e;
    }
  });
}

export const claimsCommand: Command = {
  ...claimsSpec,
  run: claims,
};
