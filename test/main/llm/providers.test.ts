/**
 * Providers over a real profile (SQLite file, secret store) and a scripted server on loopback:
 * one provider per feature, moved by adding or assigning; the test call tests the provider
 * named; token and money budgets per run and per day stop a run before the next request, with
 * the limit named; the connection log counts what each request cost.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { BudgetError, getBudgets, setBudgets, usageSince } from '../../../main/llm/budgets';
import {
  addProvider,
  connectionLog,
  listProviders,
  providerFor,
  testProvider,
  useProvider,
} from '../../../main/llm/providers';
import { openProfile, type Profile } from '../../../main/profile/profile';
import { startScripted, type ScriptedServer } from './scripted-server';

const ask = { system: 's', messages: [{ role: 'user' as const, content: 'q' }] };
let server: ScriptedServer;
let p: Profile;
beforeAll(async () => {
  server = await startScripted('openai');
});
afterAll(() => server.stop());
beforeEach(() => {
  p = openProfile(join(mkdtempSync(join(tmpdir(), 'zamburak-providers-')), 'p'));
});
afterEach(() => p.close());

const add = (name: string, model: string, uses: ('planner' | 'extractor')[], extra = {}) =>
  addProvider(p, { name, kind: 'openai', url: server.url, model, for: uses, ...extra });
const modelAsked = () => server.requests.at(-1)!.model;

describe('which provider serves which feature', () => {
  it('a feature has one provider: adding one for it moves it; assigning moves it back', async () => {
    await add('hosted', 'big', ['planner', 'extractor']);
    await add('local', 'small', ['extractor']);
    expect(listProviders(p).map((x) => [x.name, x.for])).toEqual([
      ['hosted', ['planner']],
      ['local', ['extractor']],
    ]);
    server.push({ text: 'a' }, { text: 'b' });
    await (await providerFor(p, 'planner'))!.complete(ask);
    expect(modelAsked()).toBe('big');
    await (await providerFor(p, 'extractor'))!.complete(ask);
    expect(modelAsked()).toBe('small');

    useProvider(p, 'hosted', ['extractor']);
    expect(listProviders(p).map((x) => [x.name, x.for])).toEqual([
      ['hosted', ['planner', 'extractor']],
      ['local', []],
    ]);
    useProvider(p, null, ['planner']);
    expect(await providerFor(p, 'planner')).toBeNull();
    expect(() => useProvider(p, 'nobody', ['planner'])).toThrow(/no provider named "nobody"/);
    expect(p.audit.list({ kind: 'account.changed' }).map((e) => (e.data as { action?: string }).action)).toContain(
      'provider-assigned',
    );
  });

  it('"test" calls the provider named, not the first one of its feature', async () => {
    await add('first', 'one', ['planner']);
    await add('second', 'two', []);
    server.push({ text: 'ok' });
    expect(await testProvider(p, 'second')).toMatchObject({ ok: true });
    expect(modelAsked()).toBe('two');
  });
});

describe('budgets', () => {
  it('are validated, kept, and audited', () => {
    expect(getBudgets(p)).toEqual({ runTokens: 60_000, dayTokens: 1_000_000, runCostUsd: 1, dayCostUsd: 10 });
    expect(() => setBudgets(p, { runTokens: 0 })).toThrow(BudgetError);
    expect(() => setBudgets(p, { dayCostUsd: -1 })).toThrow(/dayCostUsd/);
    expect(() => setBudgets(p, { runTokens: 2_000_000 })).toThrow(/cannot be more than the tokens per day/);
    setBudgets(p, { runTokens: 500, dayCostUsd: null });
    expect(getBudgets(p)).toMatchObject({ runTokens: 500, dayCostUsd: null });
    expect(p.audit.list({ kind: 'settings.changed' }).at(-1)!.data).toMatchObject({ llmBudgets: { runTokens: 500 } });
  });

  it("stop a run at its tokens, and every run at the day's, before the request goes out", async () => {
    await add('local', 'm', ['planner']);
    setBudgets(p, { runTokens: 100, dayTokens: 250 });
    server.push({ text: 'a', usage: [60, 50] }, { text: 'b', usage: [60, 50] }, { text: 'c', usage: [20, 20] });
    const run1 = (await providerFor(p, 'planner', { runId: 'r1' }))!;
    await run1.complete(ask);
    const before = server.requests.length;
    await expect(run1.complete(ask)).rejects.toMatchObject({
      kind: 'budget',
      message: /the assistant has used the 100 tokens it may use each time it works/,
    });
    const run2 = (await providerFor(p, 'planner', { runId: 'r2' }))!;
    await run2.complete(ask);
    const run3 = (await providerFor(p, 'planner', { runId: 'r3' }))!;
    await run3.complete(ask);
    await expect(run3.complete(ask)).rejects.toMatchObject({ message: /today's 250 tokens are used up/ });
    expect(server.requests.length).toBe(before + 2);
  });

  it('count money for a priced provider, and stop at the run and day limits', async () => {
    // $10 per million input tokens, $30 per million output: 60k in + 10k out = $0.90.
    await add('hosted', 'm', ['planner'], { price: { inputPerMTok: 10, outputPerMTok: 30 } });
    setBudgets(p, { runTokens: 500_000, dayTokens: 1_000_000, runCostUsd: 0.5, dayCostUsd: 1.5 });
    server.push({ text: 'a', usage: [60_000, 10_000] }, { text: 'b', usage: [60_000, 10_000] });
    const run1 = (await providerFor(p, 'planner'))!;
    await run1.complete(ask);
    await expect(run1.complete(ask)).rejects.toMatchObject({
      message: /the assistant has spent the \$0\.50 it may spend each time it works/,
    });
    await (await providerFor(p, 'planner'))!.complete(ask);
    await expect((await providerFor(p, 'planner'))!.complete(ask)).rejects.toMatchObject({
      message: /today's \$1\.50 are spent/,
    });
    expect(connectionLog(p).map((r) => r.costUsd)).toEqual([0.9, 0.9]);
    expect(usageSince(p, '2000-01-01')).toEqual({ tokens: 140_000, costUsd: 1.8 });
  });

  it('a price out of range is refused', async () => {
    await expect(add('x', 'm', ['planner'], { price: { inputPerMTok: -1, outputPerMTok: 1 } })).rejects.toThrow(
      /inputPerMTok/,
    );
  });
});
