/**
 * The language-model providers a person configured, per profile: their settings (in the
 * profile's settings, no secrets), API keys (in the secret store only), which feature uses which
 * (planner, extractor), the token budget per run and per day, and the connection log.
 */
import type { Profile } from '../profile/profile';
import {
  CircuitBreaker,
  createProvider,
  LlmError,
  type LogEntry,
  type Provider,
  type ProviderConfig,
} from './provider';

export type Feature = 'planner' | 'extractor';

export interface StoredProvider extends ProviderConfig {
  readonly for: readonly Feature[];
  /** The secret store entry holding the API key, if it has one. */
  readonly keySecret: string | null;
}

export class ProviderError extends Error {}

const KEY = 'llm.providers';
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
/** Default budgets (tokens): a run, and a day over all runs. */
export const RUN_BUDGET = 60_000;
export const DAY_BUDGET = 1_000_000;

export function listProviders(p: Profile): StoredProvider[] {
  try {
    return JSON.parse(p.setting(KEY) ?? '[]') as StoredProvider[];
  } catch {
    return [];
  }
}

export async function addProvider(
  p: Profile,
  c: ProviderConfig & { for: readonly Feature[]; apiKey?: string },
): Promise<StoredProvider> {
  if (!NAME.test(c.name))
    throw new ProviderError(`provider name ${JSON.stringify(c.name)}: use letters, digits, . _ -`);
  if (c.kind !== 'openai' && c.kind !== 'anthropic') throw new ProviderError('--kind must be openai or anthropic');
  let url: URL;
  try {
    url = new URL(c.url);
  } catch {
    throw new ProviderError(`${JSON.stringify(c.url)} is not a URL`);
  }
  if (url.protocol !== 'https:' && !['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))
    throw new ProviderError('a provider must use https unless it runs on this computer (127.0.0.1 or localhost)');
  if (!c.model) throw new ProviderError('the model is empty');
  const all = listProviders(p);
  if (all.some((x) => x.name === c.name)) throw new ProviderError(`a provider named ${c.name} exists already`);
  const keySecret = c.apiKey ? `llm:${c.name}:key` : null;
  if (c.apiKey) await p.secrets.set(keySecret!, c.apiKey);
  const stored: StoredProvider = { name: c.name, kind: c.kind, url: c.url, model: c.model, for: [...c.for], keySecret };
  p.db.transaction(() => {
    p.setSetting(KEY, JSON.stringify([...all, stored]));
    p.audit.append({
      kind: 'account.changed',
      data: { action: 'provider-added', provider: c.name, kind: c.kind, url: url.origin, model: c.model },
    });
  })();
  return stored;
}

export async function removeProvider(p: Profile, name: string): Promise<void> {
  const all = listProviders(p);
  const found = all.find((x) => x.name === name);
  if (!found) throw new ProviderError(`no provider named ${JSON.stringify(name)}`);
  if (found.keySecret) await p.secrets.delete(found.keySecret);
  p.db.transaction(() => {
    p.setSetting(KEY, JSON.stringify(all.filter((x) => x.name !== name)));
    p.audit.append({ kind: 'account.changed', data: { action: 'provider-removed', provider: name } });
  })();
}

export function logConnection(p: Profile, e: LogEntry): void {
  p.db
    .prepare(
      `INSERT INTO llm_log (at, provider, model, run_id, input_tokens, output_tokens, status, latency_ms)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(e.at, e.provider, e.model, e.runId, e.inputTokens, e.outputTokens, e.status, e.latencyMs);
}

export function connectionLog(p: Profile, limit = 100): LogEntry[] {
  return p.db
    .prepare(
      `SELECT at, provider, model, run_id AS runId, input_tokens AS inputTokens, output_tokens AS outputTokens,
              status, latency_ms AS latencyMs FROM llm_log ORDER BY seq DESC LIMIT ?`,
    )
    .all(limit) as LogEntry[];
}

const tokensSince = (p: Profile, since: string): number =>
  (
    p.db
      .prepare('SELECT coalesce(sum(input_tokens + output_tokens), 0) AS n FROM llm_log WHERE at >= ?')
      .get(since) as { n: number }
  ).n;

const breakers = new Map<string, CircuitBreaker>();

/** The provider for a feature, ready to call: its key, a run budget within the day's, the log. */
export async function providerFor(
  p: Profile,
  feature: Feature,
  o: { runId?: string; clock?: () => Date; timeoutMs?: number } = {},
): Promise<Provider | null> {
  const cfg = listProviders(p).find((x) => x.for.includes(feature));
  if (!cfg) return null;
  const apiKey = cfg.keySecret ? await p.secrets.get(cfg.keySecret) : undefined;
  const clock = o.clock ?? (() => new Date());
  let runUsed = 0;
  const day = clock().toISOString().slice(0, 10);
  const breaker = breakers.get(`${p.dir}:${cfg.name}`) ?? new CircuitBreaker();
  breakers.set(`${p.dir}:${cfg.name}`, breaker);
  return createProvider(cfg, {
    ...(apiKey ? { apiKey } : {}),
    ...(o.runId ? { runId: o.runId } : {}),
    ...(o.timeoutMs ? { timeoutMs: o.timeoutMs } : {}),
    clock,
    breaker,
    budget: {
      remaining: () => Math.min(RUN_BUDGET - runUsed, DAY_BUDGET - tokensSince(p, day)),
      spend: (n) => (runUsed += n),
    },
    log: (e) => logConnection(p, e),
  });
}

/** One tiny call to a provider: which model answered and how fast, or the kind of failure. */
export async function testProvider(
  p: Profile,
  name: string,
): Promise<{ ok: true; model: string; latencyMs: number } | { ok: false; kind: string; message: string }> {
  const cfg = listProviders(p).find((x) => x.name === name);
  if (!cfg) throw new ProviderError(`no provider named ${JSON.stringify(name)}`);
  const llm = await providerFor(p, cfg.for[0] ?? 'planner', { timeoutMs: 20_000 });
  try {
    const r = await llm!.complete({
      system: 'Answer with the word ok.',
      messages: [{ role: 'user', content: 'ok?' }],
      maxTokens: 5,
    });
    return { ok: true, model: r.model, latencyMs: r.latencyMs };
  } catch (e) {
    if (!(e instanceof LlmError)) throw e;
    return { ok: false, kind: e.kind, message: e.message };
  }
}
