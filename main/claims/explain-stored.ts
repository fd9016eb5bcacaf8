/**
 * A stored claim explained for a person (engine/claims/explain) over its account's directory,
 * afresh each time it is shown — the wording improves with the code, the action and its labels
 * never change — in the person's zone and locale when the profile sets them.
 */
import { explainClaim } from '../../engine/claims/explain';
import type { FieldLineage } from '../../engine/run/types';
import { profileDirectory } from '../profile/directory';
import type { Profile } from '../profile/profile';
import type { ClaimRow } from './claim-store';

export function explainStored(p: Profile, c: ClaimRow) {
  const fields = c.fields as unknown as FieldLineage[];
  const dir = profileDirectory(p, (c.accountId && p.repos.accounts.get(c.accountId)) || p.primaryAccount());
  const timeZone = p.setting('timeZone') ?? undefined;
  const locale = p.setting('locale') ?? undefined;
  const x = explainClaim({ tool: c.action.tool, args: c.action.args, fields, reasons: c.reasons }, dir, {
    ...(timeZone ? { timeZone } : {}),
    ...(locale ? { locale } : {}),
  });
  return { x, fields, dir };
}
