/**
 * The provider client against scripted servers on loopback, both protocols: answers and usage
 * read, API keys sent the provider's way, 429 storms retried after Retry-After, 5xx then
 * success, a provider that never answers timed out, budgets and the circuit breaker stopping
 * calls with a clear kind, and a log that never holds content.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CircuitBreaker, createProvider, LlmError, type LogEntry } from '../../../main/llm/provider';
import { startScripted, type ScriptedServer } from './scripted-server';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const ask = { system: 'You are terse.', messages: [{ role: 'user' as const, content: 'secret request text' }] };

describe.each(['openai', 'anthropic'] as const)('the %s protocol', (kind) => {
  it('answers, counts tokens, sends the key its way, and logs no content', async () => {
    server = await startScripted(kind);
    server.push({ text: 'hello', usage: [12, 3] });
    const log: LogEntry[] = [];
    const llm = createProvider(
      { name: 'p', kind, url: server.url, model: 'm' },
      { apiKey: 'k-123', log: (e) => log.push(e), runId: 'run-1' },
    );
    const r = await llm.complete(ask);
    expect(r).toMatchObject({ text: 'hello', usage: { input: 12, output: 3 } });
    if (kind === 'anthropic') {
      expect(server.headers[0]!['x-api-key']).toBe('k-123');
      expect(server.requests[0]).toMatchObject({ system: 'You are terse.', messages: ask.messages });
    } else {
      expect(server.headers[0]!.authorization).toBe('Bearer k-123');
      expect((server.requests[0]!.messages as unknown[])[0]).toEqual({ role: 'system', content: 'You are terse.' });
    }
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ provider: 'p', runId: 'run-1', inputTokens: 12, outputTokens: 3, status: 'ok' });
    expect(JSON.stringify(log)).not.toContain('secret request text');
    expect(JSON.stringify(log)).not.toContain('k-123');
  });

  it('waits out a 429 storm as Retry-After says, and retries a 500', async () => {
    server = await startScripted(kind);
    server.push(
      { status: 429, headers: { 'retry-after': '0' } },
      { status: 429, headers: { 'retry-after': '0' } },
      { status: 503 },
      { text: 'finally' },
    );
    const log: LogEntry[] = [];
    const llm = createProvider(
      { name: 'p', kind, url: server.url, model: 'm' },
      { backoffMs: 5, log: (e) => log.push(e) },
    );
    expect((await llm.complete(ask)).text).toBe('finally');
    expect(log.map((e) => e.status)).toEqual(['http 429', 'http 429', 'http 503', 'ok']);
  });

  it('gives up after its retries with the status named', async () => {
    server = await startScripted(kind);
    server.push(...Array.from({ length: 5 }, () => ({ status: 500 })));
    const llm = createProvider({ name: 'p', kind, url: server.url, model: 'm' }, { backoffMs: 1, maxRetries: 2 });
    await expect(llm.complete(ask)).rejects.toMatchObject({
      kind: 'http',
      message: expect.stringContaining('500 3 times'),
    });
  });

  it('times out a provider that never answers', async () => {
    server = await startScripted(kind);
    server.push({ hang: true });
    const llm = createProvider({ name: 'p', kind, url: server.url, model: 'm' }, { timeoutMs: 300 });
    await expect(llm.complete(ask)).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('refuses a wrong key as auth, and an answer that is not the protocol as protocol', async () => {
    server = await startScripted(kind);
    server.push({ status: 401 }, { status: 200, body: '<html>' });
    const llm = createProvider({ name: 'p', kind, url: server.url, model: 'm' }, {});
    await expect(llm.complete(ask)).rejects.toMatchObject({ kind: 'auth' });
    await expect(llm.complete(ask)).rejects.toMatchObject({ kind: 'protocol' });
  });
});

describe('budgets and the circuit breaker', () => {
  it('stops a run whose token budget is used up, before calling', async () => {
    server = await startScripted('openai');
    server.push({ text: 'a', usage: [60, 50] }, { text: 'b' });
    let left = 100;
    const llm = createProvider(
      { name: 'p', kind: 'openai', url: server.url, model: 'm' },
      {
        budget: {
          refusal: () => (left <= 0 ? 'this run has used its 100 tokens' : null),
          spend: (i, o) => (left -= i + o),
        },
      },
    );
    await llm.complete(ask);
    await expect(llm.complete(ask)).rejects.toMatchObject({ kind: 'budget', message: /used its 100 tokens/ });
    expect(server.requests).toHaveLength(1);
  });

  it('opens after repeated failures, refuses during the cool-down, closes after it', async () => {
    server = await startScripted('openai');
    let now = 1_000;
    const breaker = new CircuitBreaker(3, 10_000, () => now);
    const llm = createProvider({ name: 'p', kind: 'openai', url: server.url, model: 'm' }, { breaker, maxRetries: 0 });
    server.push({ status: 500 }, { status: 500 }, { status: 500 });
    for (let i = 0; i < 3; i++) await expect(llm.complete(ask)).rejects.toBeInstanceOf(LlmError);
    await expect(llm.complete(ask)).rejects.toMatchObject({ kind: 'circuit-open' });
    expect(server.requests).toHaveLength(3);
    now += 10_001;
    server.push({ text: 'back' });
    expect((await llm.complete(ask)).text).toBe('back');
  });
});
