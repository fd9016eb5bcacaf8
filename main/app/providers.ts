/** Settings → Language model: the providers (keys to the secret store only), a test call, the connection log. */
import type { ZamburakHandlers } from '../../preload/contract';
import {
  addProvider,
  connectionLog,
  listProviders,
  ProviderError,
  removeProvider,
  testProvider,
  type StoredProvider,
} from '../llm/providers';
import type { AppContext } from './inbox';
import { ServiceError } from './router';

const view = ({ keySecret, ...p }: StoredProvider) => ({ ...p, for: [...p.for], hasKey: keySecret !== null });

export function providersHandlers(ctx: AppContext): ZamburakHandlers['providers'] {
  const p = ctx.profile;
  const refusal = (e: unknown): never => {
    if (e instanceof ProviderError) throw new ServiceError('bad-request', e.message);
    throw e;
  };
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
    log: () => connectionLog(p, 200),
  };
}
