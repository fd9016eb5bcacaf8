/**
 * Language-model providers over plain fetch: OpenAI-compatible chat completions (OpenAI,
 * Ollama, LM Studio, llama.cpp server, vLLM) and Anthropic messages. Each request has a
 * timeout; 429 and 5xx are retried with exponential backoff, honouring Retry-After; a token
 * budget stops a run that has used its share (main/llm/budgets.ts); a circuit breaker stops calling a provider that
 * keeps failing, for a cool-down. Every request is logged (when, provider, model, tokens, run,
 * status, latency) — never its content.
 */
import { boundedText } from '../net/bounded-body';
import type { ChatMessage } from '../../engine/agent/planner';

export type ProviderKind = 'openai' | 'anthropic';

export interface ProviderConfig {
  readonly name: string;
  readonly kind: ProviderKind;
  /** Base URL: https://api.openai.com/v1, http://127.0.0.1:11434/v1, https://api.anthropic.com */
  readonly url: string;
  readonly model: string;
}

/** `rate-limited`: still 429 after the retries (the provider's limit on what earlier requests sent). */
export type LlmErrorKind =
  'timeout' | 'unreachable' | 'auth' | 'http' | 'rate-limited' | 'protocol' | 'budget' | 'circuit-open';

export class LlmError extends Error {
  constructor(
    readonly kind: LlmErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

export interface LogEntry {
  readonly at: string;
  readonly provider: string;
  readonly model: string;
  readonly runId: string | null;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly status: string;
  readonly latencyMs: number;
}

export interface Completion {
  readonly text: string;
  readonly model: string;
  readonly usage: { readonly input: number; readonly output: number };
  readonly latencyMs: number;
}

export interface ProviderOptions {
  readonly apiKey?: string;
  readonly timeoutMs?: number;
  readonly maxRetries?: number;
  readonly backoffMs?: number;
  /** The run's and the day's limits, checked before each request; every answer is counted. */
  readonly budget?: Budget;
  readonly breaker?: CircuitBreaker;
  readonly log?: (e: LogEntry) => void;
  readonly runId?: string;
  readonly clock?: () => Date;
}

export interface Budget {
  /** Which limit is reached, in words, or null while the next request may go out. */
  refusal(): string | null;
  spend(inputTokens: number, outputTokens: number): void;
}

/** After `threshold` consecutive failures, calls are refused for `coolDownMs`; one success closes it. */
export class CircuitBreaker {
  private failures = 0;
  private openUntil = 0;
  constructor(
    private readonly threshold = 5,
    private readonly coolDownMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}
  check(name: string): void {
    if (this.now() < this.openUntil)
      throw new LlmError(
        'circuit-open',
        `${name} failed ${this.threshold} times in a row; paused until ${new Date(this.openUntil).toISOString()}`,
      );
  }
  success(): void {
    this.failures = 0;
    this.openUntil = 0;
  }
  failure(): void {
    if (++this.failures >= this.threshold) this.openUntil = this.now() + this.coolDownMs;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function retryAfterMs(h: string | null): number | null {
  if (!h) return null;
  const s = Number(h);
  if (Number.isFinite(s)) return Math.max(0, s * 1000);
  const t = Date.parse(h);
  return Number.isNaN(t) ? null : Math.max(0, t - Date.now());
}

function request(
  cfg: ProviderConfig,
  o: ProviderOptions,
  system: string,
  messages: readonly ChatMessage[],
  maxTokens: number,
) {
  const base = cfg.url.replace(/\/+$/, '');
  if (cfg.kind === 'anthropic')
    return {
      url: `${base}/v1/messages`,
      headers: {
        'content-type': 'application/json',
        'anthropic-version': '2023-06-01',
        ...(o.apiKey ? { 'x-api-key': o.apiKey } : {}),
      },
      body: { model: cfg.model, max_tokens: maxTokens, system, messages },
    };
  return {
    url: `${base}/chat/completions`,
    headers: { 'content-type': 'application/json', ...(o.apiKey ? { authorization: `Bearer ${o.apiKey}` } : {}) },
    body: { model: cfg.model, max_tokens: maxTokens, messages: [{ role: 'system', content: system }, ...messages] },
  };
}

/** The largest answer read (a plan or an extraction is a few KB). */
const MAX_ANSWER_BYTES = 2_000_000;

/**
 * A token count as the provider reported it (absent: 0). The budgets add these up, so a count
 * below zero would lift the person's limits for the day: anything but a whole number from 0 up
 * is a protocol error, and nothing is counted from that answer.
 */
function tokenCount(n: unknown): number {
  if (n === undefined || n === null) return 0;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0)
    throw new LlmError('protocol', `the answer's token count ${JSON.stringify(n)} is not a whole number from 0 up`);
  return n;
}

function parse(kind: ProviderKind, body: unknown): { text: string; model: string; input: number; output: number } {
  const b = body as Record<string, unknown>;
  if (kind === 'anthropic') {
    const content = b.content as { type?: string; text?: string }[] | undefined;
    const usage = b.usage as { input_tokens?: unknown; output_tokens?: unknown } | undefined;
    if (!Array.isArray(content)) throw new LlmError('protocol', 'the answer has no content');
    return {
      text: content
        .filter((c) => c.type === 'text')
        .map((c) => String(c.text ?? ''))
        .join(''),
      model: String(b.model ?? ''),
      input: tokenCount(usage?.input_tokens),
      output: tokenCount(usage?.output_tokens),
    };
  }
  const choices = b.choices as { message?: { content?: unknown } }[] | undefined;
  const usage = b.usage as { prompt_tokens?: unknown; completion_tokens?: unknown } | undefined;
  const text = choices?.[0]?.message?.content;
  if (typeof text !== 'string') throw new LlmError('protocol', 'the answer has no message content');
  return {
    text,
    model: String(b.model ?? ''),
    input: tokenCount(usage?.prompt_tokens),
    output: tokenCount(usage?.completion_tokens),
  };
}

export function createProvider(cfg: ProviderConfig, o: ProviderOptions = {}) {
  const breaker = o.breaker ?? new CircuitBreaker();
  const clock = o.clock ?? (() => new Date());
  const log = (status: string, started: number, input = 0, output = 0, model = cfg.model) =>
    o.log?.({
      at: clock().toISOString(),
      provider: cfg.name,
      model,
      runId: o.runId ?? null,
      inputTokens: input,
      outputTokens: output,
      status,
      latencyMs: Math.round(performance.now() - started),
    });

  return {
    config: cfg,
    async complete(req: { system: string; messages: readonly ChatMessage[]; maxTokens?: number }): Promise<Completion> {
      breaker.check(cfg.name);
      const refusal = o.budget?.refusal();
      if (refusal) throw new LlmError('budget', `${cfg.name} was not called: ${refusal}; the run stops here`);
      const r = request(cfg, o, req.system, req.messages, req.maxTokens ?? 2048);
      const retries = o.maxRetries ?? 3;
      for (let attempt = 0; ; attempt++) {
        const started = performance.now();
        let res: Response;
        try {
          res = await fetch(r.url, {
            method: 'POST',
            headers: r.headers,
            body: JSON.stringify(r.body),
            signal: AbortSignal.timeout(o.timeoutMs ?? 60_000),
            redirect: 'error',
          });
        } catch (e) {
          const timeout = (e as Error).name === 'TimeoutError';
          log(timeout ? 'timeout' : 'unreachable', started);
          breaker.failure();
          if (attempt < retries && !timeout) {
            await sleep((o.backoffMs ?? 500) * 2 ** attempt);
            continue;
          }
          throw new LlmError(
            timeout ? 'timeout' : 'unreachable',
            `${cfg.name}: ${timeout ? 'no answer in time' : (e as Error).message}`,
          );
        }
        if (res.status === 429 || res.status >= 500) {
          log(`http ${res.status}`, started);
          breaker.failure();
          await res.body?.cancel();
          if (attempt < retries) {
            await sleep(retryAfterMs(res.headers.get('retry-after')) ?? (o.backoffMs ?? 500) * 2 ** attempt);
            continue;
          }
          throw new LlmError(
            res.status === 429 ? 'rate-limited' : 'http',
            `${cfg.name} answered ${res.status} ${attempt + 1} times; giving up`,
          );
        }
        if (res.status === 401 || res.status === 403) {
          log(`http ${res.status}`, started);
          throw new LlmError('auth', `${cfg.name} refused the API key (${res.status})`);
        }
        if (!res.ok) {
          log(`http ${res.status}`, started);
          throw new LlmError('http', `${cfg.name} answered ${res.status}`);
        }
        // Read up to the limit only: an answer that never ends must not fill the process's memory.
        const text = await boundedText(res, MAX_ANSWER_BYTES).catch((e: unknown) => {
          const timeout = (e as Error).name === 'TimeoutError';
          log(timeout ? 'timeout' : 'unreachable', started);
          throw new LlmError(
            timeout ? 'timeout' : 'unreachable',
            `${cfg.name}: ${timeout ? 'no answer in time' : `the answer broke off (${(e as Error).message})`}`,
          );
        });
        let parsed;
        try {
          if (text === null) throw new LlmError('protocol', `${cfg.name} sent an answer over 2 MB`);
          parsed = parse(cfg.kind, JSON.parse(text));
        } catch (e) {
          log('protocol', started);
          throw e instanceof LlmError ? e : new LlmError('protocol', `${cfg.name} sent something that is not JSON`);
        }
        breaker.success();
        o.budget?.spend(parsed.input, parsed.output);
        log('ok', started, parsed.input, parsed.output, parsed.model || cfg.model);
        return {
          text: parsed.text,
          model: parsed.model || cfg.model,
          usage: { input: parsed.input, output: parsed.output },
          latencyMs: Math.round(performance.now() - started),
        };
      }
    },
  };
}

export type Provider = ReturnType<typeof createProvider>;
