/**
 * The plan front end refuses everything outside the subset of semantics.md §1 before anything
 * runs, with the position of the offending construct. Each case names the construct, a small
 * program that contains it (not on the first line, not in the first column, so that both numbers
 * are checked), and the text whose first character is where the refusal must point.
 */
import { describe, expect, it } from 'vitest';
import { compilePlan, minimalGate, PlanRejected, runPlan, toolRegistry } from '../../../engine';
import { WorldState, worldTools } from '../../../engine/world';

const WORLD = `
user: { name: Alex Doe, email: alex@acme.test, addresses: [alex@acme.test] }
now: "2026-03-16T09:00:00Z"
contacts: [ { name: Bob Lee, email: bob@acme.test } ]
emails:
  - { id: e1, folder: INBOX, from: "Bob Lee <bob@acme.test>", to: [alex@acme.test], cc: [],
      subject: "Lunch?", date: "2026-03-15T18:00:00Z", body: "Lunch at 12?", unread: true }
events: []
`;
const state = WorldState.fromText(WORLD, 'w.yaml');
const TOOLS = toolRegistry(worldTools(state));
const TOOL_NAMES = [...TOOLS.keys()];

interface Case {
  /** The construct refused. */
  readonly what: string;
  readonly src: string;
  /** The refusal points at the first character of the first occurrence of this text. */
  readonly at: string;
  /** What the message must mention. */
  readonly reason: RegExp;
}

const pre = 'const ok = 1;\nif (ok) {\n  ';
const post = '\n}\nreturn ok;';
/** Puts a statement on line 3, column 3. */
const inBlock = (stmt: string): string => `${pre}${stmt}${post}`;

const CASES: Case[] = [
  // Code generation and reflection.
  { what: 'eval', src: inBlock("const r = eval('1 + 1');"), at: 'eval', reason: /eval/ },
  { what: 'indirect eval', src: inBlock('const e = (0, eval);'), at: 'eval', reason: /eval/ },
  { what: 'Function', src: inBlock("const F = Function('return 1');"), at: 'Function', reason: /Function/ },
  { what: 'new Function', src: inBlock("const F = new Function('return 1');"), at: 'new', reason: /new/ },
  { what: 'new of a plan function', src: 'function P() {}\nconst p = 1 + new P();', at: 'new', reason: /new/ },
  { what: 'new Proxy', src: inBlock('const p = new Proxy({}, {});'), at: 'new', reason: /new/ },
  { what: 'Proxy as a value', src: inBlock('const P = Proxy;'), at: 'Proxy', reason: /Proxy/ },
  { what: 'Reflect', src: inBlock('const k = Reflect.ownKeys({});'), at: 'Reflect', reason: /Reflect/ },
  { what: 'Symbol', src: inBlock("const s = Symbol('x');"), at: 'Symbol', reason: /Symbol/ },
  { what: 'WeakRef', src: inBlock('const w = WeakRef;'), at: 'WeakRef', reason: /WeakRef/ },
  { what: 'typed array', src: inBlock('const a = Uint8Array.from([1]);'), at: 'Uint8Array', reason: /Uint8Array/ },
  { what: 'Float64Array', src: inBlock('const a = Float64Array;'), at: 'Float64Array', reason: /Float64Array/ },
  {
    what: 'SharedArrayBuffer',
    src: inBlock('const b = SharedArrayBuffer;'),
    at: 'SharedArrayBuffer',
    reason: /SharedArrayBuffer/,
  },
  { what: 'Atomics', src: inBlock('const a = Atomics;'), at: 'Atomics', reason: /Atomics/ },
  { what: 'WebAssembly', src: inBlock('const w = WebAssembly;'), at: 'WebAssembly', reason: /WebAssembly/ },
  { what: 'setTimeout', src: inBlock('setTimeout(() => 1, 0);'), at: 'setTimeout', reason: /setTimeout/ },
  { what: 'setInterval', src: inBlock('setInterval(() => 1, 0);'), at: 'setInterval', reason: /setInterval/ },
  // Names of the host and of the global object.
  { what: 'globalThis', src: inBlock('const g = globalThis;'), at: 'globalThis', reason: /globalThis/ },
  { what: 'window', src: inBlock('const g = window;'), at: 'window', reason: /window/ },
  { what: 'self', src: inBlock('const g = self;'), at: 'self', reason: /self/ },
  { what: 'global', src: inBlock('const g = global;'), at: 'global', reason: /global/ },
  { what: 'arguments', src: 'function f() {\n  return arguments[0];\n}', at: 'arguments', reason: /arguments/ },
  { what: 'this', src: 'function f() {\n  return this;\n}', at: 'this', reason: /this/ },
  { what: 'an unknown name', src: inBlock('const v = mystery + 1;'), at: 'mystery', reason: /unknown name/ },
  {
    what: 'a tool as a value',
    src: inBlock('const f = getEmail;'),
    at: 'getEmail',
    reason: /tools can only be called/,
  },
  { what: 'Date.now', src: inBlock('const t = Date.now();'), at: 'Date.now', reason: /Date\.now/ },
  {
    what: 'a built-in that is not listed',
    src: inBlock('Object.defineProperty({}, "x", {});'),
    at: 'Object.defineProperty',
    reason: /defineProperty/,
  },
  // Identifiers and properties.
  { what: 'an identifier starting with __', src: inBlock('let __x = 1;'), at: '__x', reason: /__/ },
  { what: 'a reference to __R', src: inBlock('const r = __R;'), at: '__R', reason: /__/ },
  { what: 'a parameter starting with __', src: 'function f(a, __b) {\n  return a;\n}', at: '__b', reason: /__/ },
  { what: '.__proto__', src: inBlock('const p = ({}).__proto__;'), at: '__proto__', reason: /__proto__/ },
  { what: "['__proto__']", src: inBlock("const p = ({})['__proto__'];"), at: "'__proto__'", reason: /__proto__/ },
  { what: '.constructor', src: inBlock('const c = [].constructor;'), at: 'constructor', reason: /constructor/ },
  {
    what: "['constructor']",
    src: inBlock("const c = 'x'['constructor'];"),
    at: "'constructor'",
    reason: /constructor/,
  },
  { what: '.prototype', src: 'function f() {}\nconst p = f.prototype;', at: 'prototype', reason: /prototype/ },
  {
    what: 'a constructor key in a literal',
    src: inBlock('const o = { constructor: 1 };'),
    at: 'constructor',
    reason: /constructor/,
  },
  {
    what: 'a __proto__ key in a literal',
    src: inBlock("const o = { '__proto__': null };"),
    at: "'__proto__'",
    reason: /__proto__/,
  },
  {
    what: 'a constructor key in a pattern',
    src: inBlock('const { constructor: c } = {};'),
    at: 'constructor',
    reason: /constructor/,
  },
  // Statements.
  { what: 'class', src: inBlock('class A {}'), at: 'class', reason: /class/ },
  { what: 'class expression', src: inBlock('const A = class {};'), at: 'class', reason: /class/ },
  { what: 'with', src: 'const o = { a: 1 };\nwith (o) {\n  a;\n}', at: 'with', reason: /with/ },
  { what: 'a label', src: 'const n = 1;\nouter: for (;;) {\n  break outer;\n}', at: 'outer', reason: /label/ },
  { what: 'delete', src: inBlock('const o = { a: 1 }; delete o.a;'), at: 'delete', reason: /delete/ },
  { what: 'var', src: inBlock('var x = 1;'), at: 'var', reason: /var/ },
  { what: 'for…in', src: inBlock('for (const k in { a: 1 }) {}'), at: 'for', reason: /for/ },
  { what: 'debugger', src: inBlock('debugger;'), at: 'debugger', reason: /debugger/ },
  { what: 'a generator', src: 'const n = 1;\nfunction* g() {\n  yield n;\n}', at: 'function*', reason: /generator/ },
  { what: 'an async generator', src: 'const n = 1;\n  async function* g() {}', at: 'async', reason: /generator/ },
  // Expressions.
  { what: 'a getter', src: 'const o = {\n  get x() {\n    return 1;\n  },\n};', at: 'get x', reason: /getter/ },
  { what: 'a setter', src: 'const o = {\n  set x(v) {},\n};', at: 'set x', reason: /setter/ },
  { what: 'import()', src: inBlock("const m = import('fs');"), at: 'import', reason: /import/ },
  { what: 'new.target', src: 'function f() {\n  return new.target;\n}', at: 'new.target', reason: /new\.target/ },
  { what: 'a tagged template', src: 'const tag = (s) => s;\nconst t = 1 + tag`x`;', at: 'tag`', reason: /tagged/ },
  // Assignment to what is not the plan's own.
  { what: 'assigning a tool', src: inBlock('now = 1;'), at: 'now', reason: /now/ },
  { what: 'redeclaring a tool', src: inBlock("const getEmail = () => 'x';"), at: 'getEmail', reason: /getEmail/ },
  { what: 'redeclaring a built-in', src: inBlock('const JSON = {};'), at: 'JSON', reason: /JSON/ },
  { what: 'redeclaring input', src: inBlock('let input = 1;'), at: 'input', reason: /input/ },
  { what: 'assigning a constant', src: inBlock('const c = 1; c = 2;'), at: 'c = 2', reason: /constant/ },
  // Regular expressions that can backtrack catastrophically.
  { what: 'a backreference', src: inBlock("const r = /(a)\\1/.test('aa');"), at: '/(a)', reason: /backreference/ },
  {
    what: 'a named backreference',
    src: inBlock("const r = /(?<x>a)\\k<x>/.test('aa');"),
    at: '/(?<x>',
    reason: /backreference/,
  },
  {
    what: 'nested quantifiers',
    src: inBlock("const r = /(a+)+$/.test('a');"),
    at: '/(a+)+',
    reason: /nested quantifiers/,
  },
  {
    what: 'nested quantifiers with braces',
    src: inBlock("const r = /(\\d{2,})*x/.test('1');"),
    at: '/(\\d',
    reason: /nested quantifiers/,
  },
  {
    what: 'a star over a starred alternation',
    src: inBlock("const r = /(a|b*)*c/.test('a');"),
    at: '/(a|b*)*',
    reason: /nested quantifiers/,
  },
  // Loose equality converts natively (valueOf, toString of containers): only === and !==.
  { what: 'loose equality', src: inBlock('const b = ok == 1;'), at: 'ok == 1', reason: /"==".*===/ },
  { what: 'loose inequality', src: inBlock("const b = ok != '1';"), at: "ok != '1'", reason: /"!=".*!==/ },
  // Functions are never stored in data, nor called through a computed name.
  { what: 'a function in an array literal', src: inBlock('const a = [1, () => 2];'), at: '() => 2', reason: /stored/ },
  {
    what: 'a named function in an object literal',
    src: 'function f() {}\nconst o = { a: 1, g: f };',
    at: 'f }',
    reason: /stored/,
  },
  {
    what: 'a function assigned to a property',
    src: inBlock('const o = {}; o.toString = () => 1;'),
    at: '() => 1',
    reason: /stored/,
  },
  {
    what: 'a function pushed into an array',
    src: inBlock('const a = []; a.push(() => 1);'),
    at: '() => 1',
    reason: /stored/,
  },
  {
    what: 'a function as a Map value',
    src: inBlock("const m = new Map(); m.set('k', () => 1);"),
    at: '() => 1',
    reason: /stored/,
  },
  {
    what: 'a computed method call',
    src: inBlock("const s = 'a'; const t = s['toUpperCase']();"),
    at: "s['toUpperCase']",
    reason: /computed name/,
  },
  // Syntax errors: acorn's position.
  { what: 'a syntax error', src: 'const a = 1;\nconst b = a +* 2;', at: '* 2', reason: /syntax error/ },
  { what: 'an unterminated string', src: "const a = 1;\nconst b = 'abc;", at: "'abc", reason: /syntax error/ },
  {
    what: 'import declarations',
    src: "const a = 1;\nimport fs from 'fs';",
    at: 'import',
    reason: /syntax error|import/,
  },
];

function positionOf(src: string, at: string): { line: number; column: number } {
  const i = src.indexOf(at);
  if (i < 0) throw new Error(`marker ${at} not in ${src}`);
  const before = src.slice(0, i).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

function rejection(src: string, mode: 'strict' | 'normal'): PlanRejected {
  try {
    compilePlan(src, { mode, toolNames: TOOL_NAMES });
  } catch (e) {
    if (e instanceof PlanRejected) return e;
    throw e;
  }
  throw new Error(`accepted:\n${src}`);
}

describe('plan front end: refused constructs (semantics §1)', () => {
  for (const c of CASES) {
    it(`refuses ${c.what}, at its position`, async () => {
      const want = positionOf(c.src, c.at);
      for (const mode of ['strict', 'normal'] as const) {
        const e = rejection(c.src, mode);
        expect(e.position, `${c.what} (${mode})\n${c.src}\n${e.message}`).toEqual(want);
        expect(e.reason).toMatch(c.reason);
        expect(e.message).toContain(`(line ${want.line}, column ${want.column})`);
      }
      // The engine API reports the same, and nothing ran.
      const report = await runPlan({
        plan: c.src,
        tools: TOOLS,
        gate: minimalGate,
        userAddresses: state.userAddresses,
        contacts: [],
      });
      expect(report.status).toBe('failed');
      expect(report.error?.kind).toBe('PlanRejected');
      expect(report.error?.position).toEqual(want);
      expect(report.calls).toEqual([]);
    });
  }

  it('refuses the first problem of a plan with several', () => {
    const src = 'const a = 1;\nconst b = this;\nconst c = eval;';
    expect(rejection(src, 'strict').position).toEqual({ line: 2, column: 11 });
  });

  it('counts columns in UTF-16 units after non-ASCII text on the same line', () => {
    const src = "const s = 'héllo wörld';\nconst t = 'é'; const g = globalThis;";
    expect(rejection(src, 'strict').position).toEqual({ line: 2, column: 26 });
  });
});

describe('functions are never stored in data, whatever hides them from the front end', () => {
  const RUNTIME: readonly (readonly [string, string, number])[] = [
    [
      'through a variable into an array literal',
      'const f = () => 1;\nlet g = 0;\ng = f;\nconst a = [g];\nreturn a;',
      4,
    ],
    ['through a parameter pushed', 'function put(a, g) {\n  a.push(g);\n}\nput([], () => 1);\nreturn 1;', 2],
    [
      'through a variable set as a property',
      'const f = () => 1;\nlet g = 0;\ng = f;\nconst o = {};\no.k = g;\nreturn o;',
      5,
    ],
    ['as a rest argument', 'function f(...xs) {\n  return xs;\n}\nconst g = () => 1;\nreturn f(g);', 1],
    ['as a map result', 'const g = () => 1;\nconst h = () => g;\nreturn [1].map(h);', 3],
    ['as an object key', 'const o = {};\nconst k = [1];\nreturn o[k];', 3],
    ['as the key of in', 'const o = { a: 1 };\nconst k = { a: 1 };\nreturn k in o;', 3],
  ];
  for (const [what, src, line] of RUNTIME) {
    it(`refuses a function or container ${what}`, async () => {
      const report = await runPlan({
        plan: src,
        tools: TOOLS,
        gate: minimalGate,
        userAddresses: state.userAddresses,
        contacts: [],
      });
      expect(report.status, JSON.stringify(report.error)).toBe('failed');
      expect(report.error?.kind).toMatch(/RuntimeError|PlanRejected/);
      expect(report.error?.fullMessage).toMatch(/stored|key|function/);
      expect(report.error?.position?.line).toBe(line);
    });
  }
});

describe('plan front end: forbidden property names computed at run time (semantics §1)', () => {
  const RUNTIME: readonly (readonly [string, string, number])[] = [
    ['a read with a concatenated key', "const k = 'constr' + 'uctor';\nconst o = {};\nconst v = o[k];\nreturn v;", 3],
    ['a write with a key from JSON', 'const o = {};\nconst k = JSON.parse(\'"__proto__"\');\no[k] = 1;\nreturn o;', 3],
    [
      'a computed key in an object literal',
      "const k = ['proto', 'type'].join('');\nconst o = { [k]: 1 };\nreturn o;",
      2,
    ],
    ['a method call with a template key', "const a = [1];\nconst f = a[`${'constr'}uctor`];\nreturn f;", 2],
    [
      'a key from Object.keys of parsed data',
      'const o = JSON.parse(\'{"__proto__": 1}\');\nconst k = Object.keys(o)[0];\nreturn o[k];',
      3,
    ],
  ];
  for (const [what, src, line] of RUNTIME) {
    it(`refuses ${what}, at the access`, async () => {
      expect(() => compilePlan(src, { mode: 'strict', toolNames: TOOL_NAMES })).not.toThrow();
      const report = await runPlan({
        plan: src,
        tools: TOOLS,
        gate: minimalGate,
        userAddresses: state.userAddresses,
        contacts: [],
      });
      expect(report.status).toBe('failed');
      expect(report.error?.kind).toBe('RuntimeError');
      expect(report.error?.fullMessage).toMatch(/__proto__|constructor|prototype/);
      expect(report.error?.position?.line).toBe(line);
    });
  }
});
