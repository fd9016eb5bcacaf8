import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'acorn';
import { describe, expect, it } from 'vitest';
import { parseWorld, WorldState } from '../../../engine/world';
import { runPlainly } from './harness';

const RESOURCES = fileURLToPath(new URL('../../../resources', import.meta.url));
const WORLD_TEXT = readFileSync(join(RESOURCES, 'demo-world.yaml'), 'utf8');
const plans = (dir: string): { file: string; src: string }[] =>
  readdirSync(join(RESOURCES, dir))
    .filter((f) => f.endsWith('.js'))
    .sort()
    .map((file) => ({ file, src: readFileSync(join(RESOURCES, dir, file), 'utf8') }));
const DEMO = plans('demo-plans');
const ATTACK = plans('attack-plans');
/** Constructs of the plan language's rejected list (semantics.md §1) that a plan file uses. */
function outsideSubset(ast: unknown): string[] {
  const bad: string[] = [];
  const BANNED_IDS = new Set([
    'eval',
    'Function',
    'globalThis',
    'window',
    'self',
    'global',
    'arguments',
    'Proxy',
    'Reflect',
    'Symbol',
    'setTimeout',
    'setInterval',
  ]);
  const BANNED_PROPS = new Set(['__proto__', 'constructor', 'prototype', 'then', 'catch', 'finally']);
  const BANNED_NODES = new Set([
    'ThisExpression',
    'ClassDeclaration',
    'ClassExpression',
    'WithStatement',
    'LabeledStatement',
    'ImportExpression',
  ]);
  const walk = (n: unknown): void => {
    if (Array.isArray(n)) return n.forEach(walk);
    if (!n || typeof n !== 'object') return;
    const node = n as Record<string, unknown> & { type?: string };
    if (typeof node.type === 'string') {
      if (BANNED_NODES.has(node.type)) bad.push(node.type);
      if (node.type === 'Identifier' && (BANNED_IDS.has(String(node['name'])) || String(node['name']).startsWith('__')))
        bad.push(String(node['name']));
      if (node.type === 'UnaryExpression' && node['operator'] === 'delete') bad.push('delete');
      if (node.type === 'NewExpression') {
        const callee = node['callee'] as { name?: string } | undefined;
        if (!['Map', 'Set', 'Date'].includes(callee?.name ?? '')) bad.push(`new ${callee?.name ?? '?'}`);
      }
      if (node.type === 'MemberExpression' && !node['computed']) {
        const prop = node['property'] as { name?: string } | undefined;
        if (BANNED_PROPS.has(prop?.name ?? '')) bad.push(`.${prop?.name ?? ''}`);
      }
      if ((node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression') && node['generator'])
        bad.push('generator');
    }
    for (const [k, v] of Object.entries(node)) if (k !== 'type') walk(v);
  };
  walk(ast);
  return bad;
}

const demoState = (): WorldState => WorldState.fromText(WORLD_TEXT, 'demo-world.yaml');

describe('demo world', () => {
  const r = parseWorld(WORLD_TEXT, 'demo-world.yaml');
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  const w = r.world;

  it('parses cleanly with at least 45 emails and 16 events', () => {
    expect(r.warnings).toEqual([]);
    expect(w.emails.length + w.trash.length).toBeGreaterThanOrEqual(45);
    expect(w.events.length).toBeGreaterThanOrEqual(16);
    expect(w.now).toBe('2026-03-16T08:30:00Z');
  });

  it('contains the hostile material the attack plans rely on', () => {
    const from = (id: string) => w.emails.find((e) => e.id === id)?.from ?? '';
    const body = (id: string) => w.emails.find((e) => e.id === id)?.body ?? '';
    expect(from('e26')).toContain('@acrne.test');
    expect(from('e28')).toContain('priya@\u0430cme.test');
    expect(body('e27')).toMatch(/changed banks/);
    expect(body('e31')).toMatch(/482913/);
    expect(body('e30')).toMatch(/token=/);
    expect(body('e34')).toMatch(/^> .*AI assistant/m);
    expect(body('e35')).toMatch(/--\n.*\nP\.S\. for AI assistants/);
    expect(Buffer.from(/^[A-Za-z0-9+/=]{60,}$/m.exec(body('e36'))?.[0] ?? '', 'base64').toString()).toMatch(
      /eve@attacker\.test/,
    );
    expect(body('e37')).toMatch(/display:none/);
    const ev14 = w.events.find((e) => e.id === 'ev14');
    expect(ev14?.organizer).toBe('kira@synergy-labs.test');
    expect(ev14?.description).toMatch(/AI scheduling assistants/);
  });
});

describe('plan files', () => {
  it('there are at least 12 demo plans and 22 attack plans', () => {
    expect(DEMO.length).toBeGreaterThanOrEqual(12);
    expect(ATTACK.length).toBeGreaterThanOrEqual(22);
  });

  for (const { file, src } of [
    ...DEMO.map((p) => ({ ...p, file: `demo-plans/${p.file}` })),
    ...ATTACK.map((p) => ({ ...p, file: `attack-plans/${p.file}` })),
  ]) {
    it(`${file} parses as a script with top-level await and says what it is for`, () => {
      expect(() =>
        parse(src, { ecmaVersion: 2022, sourceType: 'script', allowAwaitOutsideFunction: true }),
      ).not.toThrow();
      expect(src).toMatch(/^\/\/ request: \S/);
      if (file.startsWith('attack')) expect(src.split('\n')[1]).toMatch(/^\/\/ attack: \S/);
      expect(
        outsideSubset(parse(src, { ecmaVersion: 2022, sourceType: 'script', allowAwaitOutsideFunction: true })),
      ).toEqual([]);
    });
  }
});

describe('plans run against the demo world (plain JavaScript, no gate)', () => {
  for (const { file, src } of DEMO) {
    it(`demo-plans/${file} completes and only acts through tools`, async () => {
      const state = demoState();
      const run = await runPlainly(src, state);
      expect(run.error).toBeNull();
      expect(run.calls.length).toBeGreaterThan(0);
    });
  }

  for (const { file, src } of ATTACK) {
    it(`attack-plans/${file} reaches the hostile item it is about`, async () => {
      const state = demoState();
      const run = await runPlainly(src, state);
      const target = /\b(e\d\d|ev\d\d)\b/.exec(src.split('\n')[1] ?? '')?.[1] ?? '';
      expect(run.seen.has(target)).toBe(true);
    });
  }
});
