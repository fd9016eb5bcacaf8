/** Property tests: the loader and the gate never throw, whatever they are given. */
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { budget } from '../../setup/budget';
import { stringify } from 'yaml';
import type { GateCall } from '../../../engine/gate/types';
import type { Label } from '../../../engine/ifc/label';
import type { LabeledValue } from '../../../engine/ifc/labeled-value';
import {
  evaluatePolicy,
  loadPolicy,
  parseVectors,
  policyGate,
  presetPolicy,
  PRESETS,
  BUILTIN_TOOLS,
  type LoadResult,
} from '../../../engine/policy';

function wellFormed(r: LoadResult, text: string): void {
  if (r.ok) {
    expect(r.policy.version).toBe(1);
    return;
  }
  const lines = text.split(/\r\n|\r|\n/).length;
  expect(r.errors.length).toBeGreaterThan(0);
  for (const e of r.errors) {
    expect(Number.isInteger(e.line) && e.line >= 1 && e.line <= lines + 1, `line ${e.line} of ${lines}`).toBe(true);
    expect(Number.isInteger(e.column) && e.column >= 1).toBe(true);
    expect(typeof e.message === 'string' && e.message.length > 0).toBe(true);
  }
}

const load = (text: string): void => {
  let r: LoadResult | undefined;
  expect(() => (r = loadPolicy(text, { knownTools: BUILTIN_TOOLS }))).not.toThrow();
  wellFormed(r!, text);
};

const KEYS = [
  'version',
  'extends',
  'rules',
  'id',
  'decision',
  'when',
  'tools',
  'kinds',
  'recipients',
  'args',
  'not',
  'any',
  'budgets',
  'settings',
  'allTrusted',
  'capsAny',
  '*',
  '__proto__',
  'constructor',
];
const scalar = fc.oneof(
  fc.constantFrom('allow', 'deny', 'confirm', 'default', 'strict', 'SECRET', 'egress', 1, -1, 0, true, null),
  fc.string(),
  fc.integer(),
);
const doc = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    scalar,
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 6 })), tie('node'), { maxKeys: 5 }),
  ),
})).node;

describe('loadPolicy never throws', () => {
  it('on arbitrary text', () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), load), { numRuns: 400 });
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), load), { numRuns: 200 });
  });

  it('on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => load(JSON.stringify(v) ?? 'null')),
      { numRuns: 300 },
    );
  });

  it('on policy-shaped YAML documents', () => {
    fc.assert(
      fc.property(doc, (d) => {
        const withVersion = d !== null && typeof d === 'object' && !Array.isArray(d) ? { version: 1, ...d } : d;
        load(stringify(withVersion));
      }),
      { numRuns: 400 },
    );
  });

  it('on random mutations of the presets', () => {
    const texts = Object.values(PRESETS);
    const mutation = fc.oneof(
      fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), len: fc.integer({ min: 1, max: 20 }) }),
      fc.record({
        kind: fc.constant('insert' as const),
        at: fc.nat(),
        text: fc.oneof(
          fc.string({ maxLength: 8 }),
          fc.constantFrom(':', '- ', '{', ']', '\t', '\n', '  ', '&a ', '*a', '"', "'", '#', '? '),
        ),
      }),
      fc.record({ kind: fc.constant('swap' as const), a: fc.nat(), b: fc.nat() }),
      fc.record({ kind: fc.constant('dup' as const), a: fc.nat() }),
    );
    const apply = (t: string, m: { kind: string; [k: string]: unknown }): string => {
      const lines = t.split('\n');
      switch (m.kind) {
        case 'delete': {
          const at = (m.at as number) % (t.length + 1);
          return t.slice(0, at) + t.slice(at + (m.len as number));
        }
        case 'insert': {
          const at = (m.at as number) % (t.length + 1);
          return t.slice(0, at) + (m.text as string) + t.slice(at);
        }
        case 'swap': {
          const a = (m.a as number) % lines.length;
          const b = (m.b as number) % lines.length;
          [lines[a], lines[b]] = [lines[b]!, lines[a]!];
          return lines.join('\n');
        }
        default: {
          const a = (m.a as number) % lines.length;
          lines.splice(a, 0, lines[a]!);
          return lines.join('\n');
        }
      }
    };
    fc.assert(
      fc.property(fc.nat({ max: texts.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 4 }), (i, ms) => {
        load(ms.reduce((t, m) => apply(t, m), texts[i]!));
      }),
      // Each run loads a whole preset: 500 took up to 27 s of the 30 s limit on a loaded machine.
      { numRuns: budget(150, 2000) },
    );
  });

  it('on alias bombs and odd YAML', () => {
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x]',
      ...'bcdefghij'
        .split('')
        .map(
          (c, i) =>
            `${c}: &${c} [*${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}]`,
        ),
      'version: 1',
    ].join('\n');
    for (const t of [
      bomb,
      '--- 1\n--- 2\n',
      '!!binary AAAA',
      '? [a]\n: b\n',
      'version: !!str 1',
      '\uFEFFversion: 1',
      'version: 1\r\nrules: []\r\n',
      '%YAML 1.2\n---\nversion: 1',
      '{"version": 1, "rules": [{"id": "a", "decision": "allow", "__proto__": {"x": 1}}]}',
    ])
      load(t);
  });
});

describe('the gate never throws and is deterministic on random calls', () => {
  const source = fc.constantFrom(
    'user',
    'plan',
    'system',
    'tool:getEmail:e1',
    'tool:listEmails:e2',
    'tool:getEmail:e1:x',
    'sanitizer:verifyEmailAddress',
    'tool:x',
  );
  const label: fc.Arbitrary<Label> = fc
    .record({
      sources: fc.uniqueArray(source, { maxLength: 3 }),
      untrustedMask: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
      readers: fc.oneof(
        fc.constant('public' as const),
        fc.uniqueArray(fc.constantFrom('alex@acme.test', 'bob@acme.test', 'zed@attacker.test'), { maxLength: 3 }),
      ),
      caps: fc.uniqueArray(fc.constantFrom('SECRET', 'PII_PHONE', 'PII_EMAIL', 'FINANCIAL'), { maxLength: 2 }),
      verified: fc.option(fc.constantFrom('EmailAddress', 'AllowlistedUrl'), { nil: undefined }),
    })
    .map(({ sources, untrustedMask, readers, caps, verified }) => {
      const s = [...sources].sort();
      const l: Label = { sources: s, untrusted: s.filter((_, i) => untrustedMask[i]), readers, caps: [...caps].sort() };
      return verified ? { ...l, verified } : l;
    });
  const value: fc.Arbitrary<LabeledValue> = fc.letrec<{ v: LabeledValue }>((tie) => ({
    v: fc.oneof(
      { depthSize: 'small' },
      fc.record({
        kind: fc.constant('prim' as const),
        value: fc.oneof(
          fc.constantFrom('bob@acme.test', 'zed@attacker.test', 'Alex <alex@acme.test>', 'e1', 'a, b@x.test', ''),
          fc.integer(),
          fc.constant(null),
        ),
        label,
      }),
      fc.record({ kind: fc.constant('array' as const), label, items: fc.array(tie('v'), { maxLength: 3 }) }),
      fc.record({
        kind: fc.constant('object' as const),
        label,
        entries: fc.dictionary(fc.constantFrom('a', 'email', '__proto__'), tie('v'), { maxKeys: 2 }),
      }),
      fc.record({ kind: fc.constant('opaque' as const), what: fc.constant('pending'), label }),
    ),
  })).v;
  const callArb: fc.Arbitrary<GateCall> = fc.record({
    tool: fc.constantFrom(...BUILTIN_TOOLS, 'mystery'),
    kind: fc.constantFrom('source', 'extract', 'sanitizer', 'local', 'organize', 'egress', 'destructive', 'display'),
    args: fc.dictionary(fc.constantFrom('id', 'to', 'cc', 'body', 'subject', 'attendees', 'label', 'folder'), value, {
      maxKeys: 4,
    }),
    context: label,
    counters: fc.dictionary(fc.constantFrom(...BUILTIN_TOOLS), fc.nat({ max: 300 }), { maxKeys: 3 }),
    userAddresses: fc.constant(['alex@acme.test']),
    contacts: fc.constant(['bob@acme.test']),
  });

  it.each(['default', 'strict'])('%s', (name) => {
    const policy = presetPolicy(name);
    fc.assert(
      fc.property(callArb, (c) => {
        const d1 = evaluatePolicy(policy, c); // unwrapped: must not throw either
        const d2 = policyGate(policy)(c);
        expect(d2).toEqual(d1);
        expect(['allow', 'deny', 'confirm']).toContain(d1.decision);
        expect(d1.rule.length).toBeGreaterThan(0);
        expect(d1.reasons.length).toBeGreaterThan(0);
      }),
      { numRuns: 400 },
    );
  });
});

describe('parseVectors never throws', () => {
  it('on arbitrary text and JSON', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.jsonValue().map((v) => JSON.stringify(v) ?? 'null'),
        ),
        (t) => {
          const r = parseVectors(t);
          if (!r.ok) for (const e of r.errors) expect(e.line >= 1 && e.column >= 1 && e.message.length > 0).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
