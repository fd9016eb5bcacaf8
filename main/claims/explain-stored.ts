/**
 * A claim explained for a person (engine/claims/explain) over its account: the effect worked out
 * by the tool's `effectOf` from the store (so the card shows exactly what leaves), the directory
 * for names and sources, the person's zone and locale (main/profile/time-style.ts). A stored claim
 * is explained afresh each time it is shown: the wording improves with the code, the action and
 * its labels never change.
 */
import { explainClaim, type ClaimExplanation } from '../../engine/claims/explain';
import type { Json } from '../../engine/ifc/labeled-value';
import type { FieldLineage } from '../../engine/run/types';
import { effectOf, EffectError, type Effect } from '../../engine/tools/effect';
import { profileLookups } from '../mail/effect-lookups';
import { profileDirectory } from '../profile/directory';
import { timeStyleOf } from '../profile/time-style';
import type { Profile } from '../profile/profile';
import type { Account } from '../store/repositories';
import type { ClaimRow } from './claim-store';

export interface Explainable {
  readonly tool: string;
  readonly args: Readonly<Record<string, Json>>;
  readonly fields: readonly FieldLineage[];
  readonly reasons?: readonly string[];
}

function effectFor(p: Profile, account: Account, a: Explainable): Effect | null {
  try {
    return effectOf(a.tool, a.args, profileLookups(p, account));
  } catch (e) {
    // An item the call names is gone: the card says so rather than guess.
    if (e instanceof EffectError) return null;
    throw e;
  }
}

export function explainAction(p: Profile, account: Account, a: Explainable): ClaimExplanation {
  return explainClaim(a, profileDirectory(p, account), { effect: effectFor(p, account, a), ...timeStyleOf(p) });
}

export function explainStored(p: Profile, c: ClaimRow) {
  const account = (c.accountId && p.repos.accounts.get(c.accountId)) || p.primaryAccount();
  // Invitation answers stored before round 22 kept `{}` here: read as no lineage (written-label.ts too).
  const fields = (Array.isArray(c.fields) ? c.fields : []) as unknown as FieldLineage[];
  const x = explainAction(p, account, { tool: c.action.tool, args: c.action.args, fields, reasons: c.reasons });
  return { x, fields, dir: profileDirectory(p, account) };
}
