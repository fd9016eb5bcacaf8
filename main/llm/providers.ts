/**
 * The language-model providers a person configured, per profile: their settings (in the
 * profile's settings, no secrets), API keys (in the secret store only), which feature uses which
 * (one provider per feature: planner, extractor), their prices, and the connection log. Budgets
 * are in budgets.ts.
 */
import type { Profile } from '../profile/profile';
import { budgetRefusal, checkPricing, costOf, dayStart, getBudgets, usageSince, type Pricing } from './budgets';
import {
  CircuitBreaker,
  createProvider,
  LlmError,
  type LogEntry,
  type Provider,
  type ProviderConfig,
} from './provider';

export type Feature = 'planner' | 'extractor';

export const FEATURES: readonly Feature[] = ['planner', 'extractor'];

export interface StoredProvider extends ProviderConfig {
  readonly for: readonly Feature[];
  /** The secret store entry holding the API key, if it has one. */
  readonly keySecret: string | null;
  /** What it charges; none for a local model. */
  readonly price?: Pricing;
}

/** A connection log row: the request's metadata and what it cost — never its content. */
export interface LoggedRequest extends LogEntry {
  readonly costUsd: number;
}

export class ProviderError extends Error {}

const KEY = 'llm.providers';
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export function listProviders(p: Profile): StoredProvider[] {
  try {
    return JSON.parse(p.setting(KEY) ?? '[]') as StoredProvider[];
  } catch {
    return [];
  }
}

const save = (p: Profile, all: readonly StoredProvider[]) => p.setSetting(KEY, JSON.stringify(all));

/** The providers with `features` moved to `name`: a feature is served by one provider. */
const assign = (all: readonly StoredProvider[], name: string, features: readonly Feature[]): StoredProvider[] =>
  all.map((x) => ({
    ...x,
    for: x.name === name ? FEATURES.filter((f) => features.includes(f)) : x.for.filter((f) => !features.includes(f)),
  }));

export async function addProvider(
  p: Profile,
  c: ProviderConfig & { for: readonly Feature[]; apiKey?: string; price?: Pricing },
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
  if (c.for.some((f) => !FEATURES.includes(f))) throw new ProviderError('a provider is for planner and/or extractor');
  const price = c.price ? checkPricing(c.price) : undefined;
  const keySecret = c.apiKey ? `llm:${c.name}:key` : null;
  if (c.apiKey) await p.secrets.set(keySecret!, c.apiKey);
  const stored: StoredProvider = {
    name: c.name,
    kind: c.kind,
    url: c.url,
    model: c.model,
    for: FEATURES.filter((f) => c.for.includes(f)),
    keySecret,
    ...(price ? { price } : {}),
  };
  p.db.transaction(() => {
    save(p, assign([...all, stored], c.name, stored.for));
    p.audit.append({
      kind: 'account.changed',
      data: {
        action: 'provider-added',
        provider: c.name,
        kind: c.kind,
        url: url.origin,
        model: c.model,
        for: [...stored.for],
      },
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
    save(
      p,
      all.filter((x) => x.name !== name),
    );
    p.audit.append({ kind: 'account.changed', data: { action: 'provider-removed', provider: name } });
  })();
}

/** Makes `name` the provider of `features` (and of those only); a feature may also be left with none. */
export function useProvider(p: Profile, name: string | null, features: readonly Feature[]): StoredProvider[] {
  const all = listProviders(p);
  if (name !== null && !all.some((x) => x.name === name))
    throw new ProviderError(`no provider named ${JSON.stringify(name)}`);
  if (features.length === 0 || features.some((f) => !FEATURES.includes(f)))
    throw new ProviderError('name planner and/or extractor');
  const next =
    name === null
      ? all.map((x) => ({ ...x, for: x.for.filter((f) => !features.includes(f)) }))
      : assign(all, name, [...new Set([...all.find((x) => x.name === name)!.for, ...features])]);
  p.db.transaction(() => {
    save(p, next);
    p.audit.append({
      kind: 'account.changed',
      data: { action: 'provider-assigned', provider: name, features: [...features] },
    });
  })();
  return next;
}

export function logConnection(p: Profile, e: LoggedRequest): void {
  p.db
    .prepare(
      `INSERT INTO llm_log (at, provider, model, run_id, input_tokens, output_tokens, status, latency_ms, cost_usd)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(e.at, e.provider, e.model, e.runId, e.inputTokens, e.outputTokens, e.status, e.latencyMs, e.costUsd);
}

export function connectionLog(p: Profile, limit = 100): LoggedRequest[] {
  return p.db
    .prepare(
      `SELECT at, provider, model, run_id AS runId, input_tokens AS inputTokens, output_tokens AS outputTokens,
              status, latency_ms AS latencyMs, cost_usd AS costUsd FROM llm_log ORDER BY seq DESC LIMIT ?`,
    )
    .all(limit) as LoggedRequest[];
}

const breakers = new Map<string, CircuitBreaker>();

/**
 * The provider for a feature, ready to call: its key, a run budget within the day's, the log.
 * `mail`: the run reads incoming mail on its own (triage), held to its share of the day
 * (budgets.ts `MAIL_SHARE`).
 */
export async function providerFor(p: Profile, feature: Feature, o: ConnectOptions = {}): Promise<Provider | null> {
  const cfg = listProviders(p).find((x) => x.for.includes(feature));
  return cfg ? connect(p, cfg, o) : null;
}

/** A provider ready to call: its key, the budgets (this run's within the day's), the log. */
interface ConnectOptions {
  readonly runId?: string;
  readonly clock?: () => Date;
  readonly timeoutMs?: number;
  readonly mail?: boolean;
}

async function connect(p: Profile, cfg: StoredProvider, o: ConnectOptions): Promise<Provider> {
  const apiKey = cfg.keySecret ? await p.secrets.get(cfg.keySecret) : undefined;
  const clock = o.clock ?? (() => new Date());
  const run = { tokens: 0, costUsd: 0 };
  const breaker = breakers.get(`${p.dir}:${cfg.name}`) ?? new CircuitBreaker();
  breakers.set(`${p.dir}:${cfg.name}`, breaker);
  return createProvider(cfg, {
    ...(apiKey ? { apiKey } : {}),
    ...(o.runId ? { runId: o.runId } : {}),
    ...(o.timeoutMs ? { timeoutMs: o.timeoutMs } : {}),
    clock,
    breaker,
    budget: {
      refusal: () => budgetRefusal(getBudgets(p), run, usageSince(p, dayStart(clock())), { mail: o.mail === true }),
      spend: (input, output) => {
        run.tokens += input + output;
        run.costUsd += costOf(cfg.price, input, output);
      },
    },
    log: (e) => logConnection(p, { ...e, costUsd: costOf(cfg.price, e.inputTokens, e.outputTokens) }),
  });
}

/** One tiny call to a provider: which model answered and how fast, or the kind of failure. */
export async function testProvider(
  p: Profile,
  name: string,
): Promise<{ ok: true; model: string; latencyMs: number } | { ok: false; kind: string; message: string }> {
  const cfg = listProviders(p).find((x) => x.name === name);
  if (!cfg) throw new ProviderError(`no provider named ${JSON.stringify(name)}`);
  const llm = await connect(p, cfg, { timeoutMs: 20_000 });
  try {
    const r = await llm.complete({
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
