/**
 * Red-team round 18: what a language-model provider answers is read within limits.
 *
 * The provider (or anyone between it and the app, on a plain-HTTP local model) writes the
 * answer. Two answers broke the app's own limits:
 *  - an answer that never ends was read whole into memory before its size was checked (2 MB):
 *    the main process buffered what the server sent until the timeout, a gigabyte a second on
 *    loopback; now the read stops at the limit, and the connection is closed;
 *  - the token counts are the provider's, and were counted as written: one answer claiming
 *    -1,000,000,000 tokens was logged as such, the day's sum fell below zero, and the person's
 *    day and run budgets (tokens and money) never stopped a call again. Now a count that is not a
 *    whole number from 0 up is a protocol error, and nothing is counted from it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dayStart, setBudgets, usageSince } from '../../../main/llm/budgets';
import { createProvider, LlmError } from '../../../main/llm/provider';
import { addProvider, providerFor } from '../../../main/llm/providers';
import { openProfile } from '../../../main/profile/profile';
import { startScripted } from '../../main/llm/scripted-server';
import { startHostile, type HostileServer } from './hostile-server';

const ask = { system: 'You are terse.', messages: [{ role: 'user' as const, content: 'hello' }] };
const servers: { stop(): Promise<void> }[] = [];
afterAll(() => Promise.all(servers.map((s) => s.stop())));

describe('red team round 18: a provider answer that never ends', () => {
  it.each(['openai', 'anthropic'] as const)(
    '%s: stops reading at the limit, a protocol error',
    async (kind) => {
      const server: HostileServer = await startHostile(() => ({ endless: '{"choices":[' }));
      servers.push(server);
      const llm = createProvider(
        { name: 'p', kind, url: server.url, model: 'm' },
        { maxRetries: 0, timeoutMs: 20_000 },
      );
      const e = await llm.complete(ask).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(LlmError);
      expect(e).toMatchObject({ kind: 'protocol', message: /over 2 MB/ });
      // Read up to the limit and a few socket buffers, not what the server could push in 20 s.
      expect(server.sent()).toBeLessThan(16 * 1024 * 1024);
    },
    30_000,
  );
});

describe("red team round 18: a provider's token counts", () => {
  it.each([
    [-1_000_000_000, 0],
    [10, -1e12],
    [1.5, 2],
  ])('refuses usage %s/%s and counts nothing from it; the day budget still stops calls', async (input, output) => {
    const model = await startScripted('openai');
    servers.push(model);
    const p = openProfile(join(mkdtempSync(join(tmpdir(), 'zamburak-r18-usage-')), 'p'));
    try {
      await addProvider(p, { name: 'model', kind: 'openai', url: model.url, model: 'm', for: ['planner'] });
      setBudgets(p, { runTokens: 1_000, dayTokens: 1_000 });
      model.push({ text: 'lying', usage: [input, output] });
      model.answerWith(() => ({ text: 'ok', usage: [400, 100] }));
      const llm = await providerFor(p, 'planner');
      await expect(llm!.complete(ask)).rejects.toMatchObject({ kind: 'protocol' });
      expect(usageSince(p, dayStart(new Date())).tokens).toBeGreaterThanOrEqual(0);
      // Honest answers from here: the day's 1,000 tokens are spent after two of them.
      const next = await providerFor(p, 'planner');
      await next!.complete(ask);
      await next!.complete(ask);
      await expect(next!.complete(ask)).rejects.toMatchObject({ kind: 'budget' });
      expect(usageSince(p, dayStart(new Date())).tokens).toBe(1_000);
    } finally {
      p.close();
    }
  });
});
