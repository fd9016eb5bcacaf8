import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { EngineHost, EngineHostError } from '../../main/engine-host/engine-host';

const world = { text: readFileSync('resources/demo-world.yaml', 'utf8'), file: 'demo-world.yaml' };

describe('engine worker host', () => {
  const host = new EngineHost({ maxHeapMb: 128, graceMs: 3000 });
  afterAll(() => host.close());

  it('runs a plan in the worker and returns the report', async () => {
    const { report } = await host.run({ plan: 'const me_ = await me(); return me_.email;', mode: 'strict', world });
    expect(report.status).toBe('completed');
    expect(typeof report.result).toBe('string');
    expect(String(report.result)).toContain('@');
  });

  it('reports a bad world file as an input error and stays usable', async () => {
    await expect(
      host.run({ plan: 'return 1;', mode: 'strict', world: { text: 'user: [', file: 'bad.yaml' } }),
    ).rejects.toSatisfy(
      (e: unknown) => e instanceof EngineHostError && e.kind === 'InputError' && e.message.includes('bad.yaml'),
    );
    const { report } = await host.run({ plan: 'return 2;', mode: 'strict', world });
    expect(report.result).toBe(2);
  });

  it('stops a runaway plan with a limit and the next run works', async () => {
    const { report } = await host.run({
      plan: 'while (true) {}',
      mode: 'strict',
      world,
      limits: { wallMs: 500, steps: 1e9 },
    });
    expect(report.status).toBe('limit');
    expect(report.error?.kind).toBe('LimitExceeded');
    const again = await host.run({ plan: 'return [1, 2].map((x) => x * 3);', mode: 'normal', world });
    expect(again.report.result).toEqual([3, 6]);
  });

  it('refuses malformed jobs before they reach the worker', () => {
    expect(() => host.run({ plan: 1 as unknown as string, mode: 'strict', world })).toThrow();
  });
});
