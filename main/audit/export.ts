/**
 * A sealed export of the audit log (engine/audit/bundle.ts): the entries of a range, the entry
 * before it as the anchor, the sealed head and the run receipts — refused when the chain does
 * not verify, so a bundle never carries a broken history. Shared by the CLI and the app.
 */
import { sealBundle } from '../../engine/audit/bundle';
import type { RunReceipt } from '../../engine/audit/preview';
import type { Profile } from '../profile/profile';

export class ExportError extends Error {}

export interface ExportOptions {
  readonly range?: { from: number; to: number };
  readonly withPolicies?: boolean;
  readonly now?: Date;
}

export async function exportAudit(
  profile: Profile,
  recipientPublicKey: string,
  o: ExportOptions = {},
): Promise<{ bundle: string; entries: number; range: { from: number; to: number } }> {
  const check = profile.audit.verify();
  if (!check.ok) throw new ExportError(`the chain does not verify (${check.problem!.message}); nothing exported`);
  const range = o.range ?? { from: 1, to: check.lastSeq };
  const entries = profile.audit.entries(range);
  const before = range.from > 1 ? profile.audit.entries({ from: range.from - 1, to: range.from - 1 })[0] : undefined;
  const receipts: RunReceipt[] = entries
    .map((e) => JSON.parse(e.body) as { kind: string; data?: { receipt?: RunReceipt } })
    .filter((b) => b.kind === 'run.finished' && b.data?.receipt)
    .map((b) => b.data!.receipt!);
  const bundle = await sealBundle(
    {
      anchor: before ? { seq: before.seq, hash: before.hash } : { seq: 0, hash: '0'.repeat(64) },
      entries,
      head: profile.audit.head(),
      receipts,
      ...(o.withPolicies
        ? {
            policies: profile.repos.policies
              .history(1000)
              .map((v) => ({ version: v.version, yaml: v.yaml, changedAt: v.changedAt })),
          }
        : {}),
      exportedAt: (o.now ?? new Date()).toISOString(),
      profile: profile.dir,
    },
    recipientPublicKey,
  );
  return { bundle, entries: entries.length, range };
}
