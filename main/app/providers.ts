/**
 * Settings → Language model: the providers (keys to the secret store only), which one serves
 * which feature, a test call, the budgets with today's usage, and the connection log.
 */
import type { ZamburakHandlers } from '../../preload/contract';
import { BudgetError, dayStart, getBudgets, setBudgets, usageSince } from '../llm/budgets';
import {
  addProvider,
  connectionLog,
  listProviders,
  ProviderError,
  removeProvider,
  testProvider,
  useProvider,
  type StoredProvider,
} from '../llm/providers';
import type { AppContext } from './inbox';
import { ServiceError } from './router';

const view = ({ keySecret, ...p }: StoredProvider) => ({ ...p, for: [...p.for], hasKey: keySecret !== null });

export function providersHandlers(ctx: AppContext): ZamburakHandlers['providers'] {
  const p = ctx.profile;
  const refusal = (e: unknown): never => {
    if (e instanceof ProviderError || e instanceof BudgetError) throw new ServiceError('bad-request', e.message);
    throw e;
  };
  const budgets = () => ({ budgets: getBudgets(p), today: usageSince(p, dayStart(ctx.clock())) });
  return {
    list: () => listProviders(p).map(view),
    add: async (n) => view(await addProvider(p, n).catch(refusal)),
    async test(name) {
      const r = await testProvider(p, name).catch(refusal);
      return r.ok
        ? { ok: true, model: r.model, latencyMs: r.latencyMs, message: `${r.model} answered in ${r.latencyMs} ms` }
        : { ok: false, model: '', latencyMs: 0, message: `${r.kind}: ${r.message}` };
    },
    async remove(name) {
      await removeProvider(p, name).catch(refusal);
      return { ok: true as const };
    },
    use: (name, features) => {
      try {
        return useProvider(p, name, features).map(view);
      } catch (e) {
        return refusal(e);
      }
    },
    budgets,
    setBudgets(patch) {
      try {
        setBudgets(p, patch);
      } catch (e) {
        refusal(e);
      }
      return budgets();
    },
    log: () => connectionLog(p, 200),
  };
}
