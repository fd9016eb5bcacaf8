/**
 * A profile keeps what its runs may have written unseen (engine/world/residue.ts) per account and
 * collection: the next run's world starts from it, and each run's share joins it. It never
 * shrinks (docs/semantics.md §3c says why nothing a sync or a person's look does ends it).
 */
import { BOTTOM } from '../../engine/ifc/label';
import { COLLECTIONS, joinResidue, labelOfStored, storedOf, type World, type WorldEffects } from '../../engine/world';
import type { Account, Repositories } from '../store/repositories';

/** The account's world with the residue its earlier runs left. */
export function withStoredResidue(repos: Repositories, account: Account, world: World): World {
  const residue = repos.residue.get(account.id);
  return Object.keys(residue).length ? { ...world, residue } : world;
}

/** Joins what a run may have written unseen into what the account keeps (in the run's transaction). */
export function storeResidue(repos: Repositories, account: Account, fx: WorldEffects): void {
  if (!fx.residue) return;
  const stored = repos.residue.get(account.id);
  for (const c of COLLECTIONS) {
    const added = fx.residue[c];
    if (!added) continue;
    const before = stored[c];
    const joined = joinResidue(c, before ? labelOfStored(before) : BOTTOM, labelOfStored(added));
    repos.residue.set(account.id, c, storedOf(joined));
  }
}
