/**
 * Every construct the plan language allows (semantics.md §1) compiles in both modes and runs
 * with the result plain JavaScript gives for the same program. The reference is node itself: each
 * program is also run as the body of an async function (`new AsyncFunction(src)`), and the two
 * results are compared as JSON. The programs avoid what §1 leaves out on purpose (callbacks to
 * string methods, the clock, reflection), so any difference is a bug in the engine.
 */
import { describe, expect, it } from 'vitest';
import { compilePlan, minimalGate, runPlan, toolRegistry, type Mode } from '../../../engine';
import type { Limits } from '../../../engine/run/types';

const AsyncFunction = (async () => {}).constructor as new (body: string) => () => Promise<unknown>;

/** [what it exercises, the program] */
const PROGRAMS: readonly (readonly [string, string])[] = [
  [
    'closure counter',
    `function mk() { let n = 0; return () => { n = n + 1; return n; }; } const c = mk(); c(); c(); return c();`,
  ],
  ['recursion (fib)', `function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); } return fib(15);`],
  // Number functions also run as native copies (plain-functions.ts); a string argument takes the
  // instrumented body, so both copies are compared with node here.
  [
    'number functions: loops, break, continue, mutual recursion, both copies',
    `function gcd(a, b) { while (b !== 0) { const t = b; b = a % b; a = t; } return a; }
function ev(n) { return n === 0 ? 1 : od(n - 1); } function od(n) { return n === 0 ? 0 : ev(n - 1); }
function sumOdd(n) { let s = 0; for (let i = 0; ; i++) { if (i > n) break; if (i % 2 === 0) continue; s += i; } return s; }
function sign(x) { if (x < 0) { return -1; } else if (x > 0) return 1; return 0; }
function pow2(k) { let r = 1; let i = k; while (i-- > 0) r = r * 2; return r; }
return [gcd(84, 36), ev(9), od(9), sumOdd(9), sign(-3), sign(0), sign('5'), pow2(10), pow2('3'), gcd('12', 8), ev(true)];`,
  ],
  [
    'sorts with number-only comparators (the native path) and with others',
    `const a = [5, 1, 4, 1, 3]; a.sort((x, y) => x - y);
const b = [5, 1, 4]; b.sort(function (x, y) { if (x < y) return 1; return x > y ? -1 : 0; });
const c = [3, 1, 2]; c.sort((x, y) => x / 0 - y / 0);
const d = [3, 'a', 2]; d.sort((x, y) => 0);
const e = [2, 1, 3]; const cmp = (x, y) => y - x; e.sort(cmp);
return [a, b, c, d, e, [2, 3, 1].sort((x, y) => x - y).map((x) => x * 2)];`,
  ],
  [
    'a variable on the left of an operator is read before the right side assigns it',
    `let x = 1; const a = x + (x = 10); let y = 3; const b = y * (y = 10); let s = 'a'; const c = s + (s = 'b');
let z = 1; const d = z < (z = 10); let w = 5; const e = w - w++; return [a, b, c, d, e, x, y, s, z, w];`,
  ],
  [
    'object destructuring with defaults, nesting and rest',
    `const { a, b: { c = 5 } = {}, ...rest } = { a: 1, d: 4, e: 5 }; return [a, c, rest];`,
  ],
  [
    'array destructuring with holes, defaults and rest',
    `const [x, , y = 9, ...zs] = [1, 2, undefined, 4, 5]; return [x, y, zs];`,
  ],
  [
    'default and rest parameters',
    `function f(a, b = a * 2, ...more) { return [a, b, more]; } return [f(1), f(1, 3), f(1, 2, 3, 4)];`,
  ],
  [
    'spread in arrays, objects and calls',
    `const a = [1, 2]; const b = [...a, 3, ...'hi']; const o = { ...{ p: 1 }, q: 2 }; return [b, o, Math.max(...a)];`,
  ],
  [
    'template literals with every kind of value',
    `const n = 3; const s = \`n=\${n} sq=\${n * n} \${[1, 2]} \${{}} \${null} \${undefined} \${true}\`; return s;`,
  ],
  [
    'switch with fallthrough',
    `const out = []; for (const v of [1, 2, 3, 4, 5]) { switch (v) { case 1: out.push('one'); case 2: out.push('two'); break; case 3: { out.push('three'); break; } default: out.push('d' + v); } } return out;`,
  ],
  [
    'try/catch/finally order in a function',
    `const log = []; function f(x) { try { if (x) { throw { code: x }; } log.push('body'); return 'ret'; } catch (e) { log.push('catch' + e.code); return 'caught'; } finally { log.push('finally'); } } return [f(0), f(7), log];`,
  ],
  [
    'for with continue and break',
    `const out = []; for (let i = 0; i < 10; i++) { if (i % 2 === 0) { continue; } if (i > 7) { break; } out.push(i); } let j = 0; while (true) { j++; if (j > 5) { break; } } return [out, j];`,
  ],
  [
    'optional chaining and nullish coalescing',
    `const o = { a: { b: null, c: [1, { d: 'x' }] } }; return [o?.a?.b?.z, o.a.c?.[1]?.d, o.q?.r, o.a?.c.length, o.zz ?? 'dflt', 0 ?? 1, '' || 'e', 0 && 1];`,
  ],
  [
    'Map and Set',
    `const m = new Map([['a', 1]]); m.set('b', 2); m.set('a', 3); const s = new Set([1, 2, 2, 3]); s.add(4); s.delete(1); return [m.get('a'), m.size, [...m.keys()], [...m.entries()], m.has('b'), s.size, [...s], s.has(2)];`,
  ],
  [
    'Date parsing and formatting (UTC)',
    `const d = new Date('2026-03-16T09:30:00Z'); return [d.getTime(), d.toISOString(), d.getUTCDay(), d.getUTCHours(), Date.parse('2026-01-01T00:00:00.000Z'), new Date(0).toISOString(), Date.UTC(2026, 0, 2)];`,
  ],
  [
    'JSON round trip',
    `const v = { a: [1, 'x', true, null, { b: 2.5 }], c: 'q"uote' }; const s = JSON.stringify(v); const back = JSON.parse(s); return [s, back, JSON.stringify(back) === s, JSON.stringify(v, null, 2)];`,
  ],
  [
    'array methods',
    `const a = [5, 1, 4, 2, 3]; return [a.map((x) => x * 2), a.filter((x) => x % 2), a.reduce((s, x) => s + x, 0), a.find((x) => x > 3), a.findIndex((x) => x > 3), a.some((x) => x > 4), a.every((x) => x > 0), a.slice(1, 3), a.indexOf(4), a.includes(9), [[1, [2]], 3].flat(), a.flatMap((x) => [x, x]), a.join('-'), [...a].reverse(), a.at(-1), a.concat([6], 7)];`,
  ],
  [
    'string methods',
    `const s = '  Hello, World  '; return [s.trim(), s.toUpperCase(), s.toLowerCase(), s.split(','), s.indexOf('o'), s.lastIndexOf('o'), s.slice(2, 7), s.substring(7, 2), s.replace('l', 'L'), s.replaceAll('l', 'L'), s.includes('World'), s.startsWith('  H'), s.endsWith('  '), s.padStart(20, '*'), 'ab'.repeat(3), s.charAt(2), s.charCodeAt(2), s.trimStart(), s.at(-3), s.split(' ').length];`,
  ],
  [
    'sort with a comparator (stable)',
    `const people = [{ n: 'b', a: 30 }, { n: 'a', a: 25 }, { n: 'c', a: 30 }]; const byAge = [...people].sort((x, y) => y.a - x.a || (x.n < y.n ? -1 : 1)); return [byAge.map((p) => p.n), [10, 9, 1, 100].sort(), [3, 1, 2].sort((a, b) => a - b), ['b', 'a', 'C'].sort()];`,
  ],
  [
    'do\u2026while with continue',
    `let i = 0; const out = []; do { i++; if (i === 2) { continue; } out.push(i); } while (i < 5); return out;`,
  ],
  [
    'closures capture per-iteration let and const',
    `function keep(f) { return () => f() + 1; } const out = []; for (let i = 0; i < 3; i++) { const f = keep(() => i); out.push(f()); } for (const k of ['a', 'b']) { const g = () => k; out.push(g()); } return out;`,
  ],
  [
    'arithmetic, bitwise and number formatting',
    `return [1 / 0, -1 / 0, 0 / 0, 7 % 3, -7 % 3, 2 ** 10, 5 / 2, 1e21, 0.1 + 0.2, (0.1 + 0.2).toFixed(2), (255).toString(16), parseInt('42px'), parseFloat('3.14abc'), Number('0x10'), Number(''), isNaN('abc'), 7 & 3, 7 | 8, 7 ^ 2, ~5, 1 << 4, -16 >> 2, -16 >>> 28];`,
  ],
  [
    'typeof and strict comparisons',
    `return [typeof 1, typeof 'a', typeof true, typeof undefined, typeof null, typeof {}, typeof [], typeof (() => 1), 1 === '1', null === undefined, NaN === NaN, [] + [], 'b' > 'a', '10' < '9', 10 < 9];`,
  ],
  [
    'Object.keys/values/entries/fromEntries and integer-like keys',
    `const o = { b: 2, a: 1, 10: 'x', 2: 'y' }; return [Object.keys(o), Object.values(o), Object.entries(o), Object.fromEntries([['k', 1], ['j', 2]]), 'a' in o, Array.isArray(o), Array.isArray([])];`,
  ],
  [
    'String/Boolean/Number/Math built-ins',
    `return [String(123), String(null), String([1, [2, 3]]), Boolean(''), Boolean('x'), Number(true), Number('  12  '), Number.isInteger(5.0), Number.parseFloat('1.5e3'), Math.round(2.5), Math.round(-2.5), Math.floor(-1.5), Math.max(), Math.min(1, 2), Math.abs(-3), Math.sign(-2), Math.trunc(4.7), Math.hypot(3, 4)];`,
  ],
  [
    'compound assignment and ++/--',
    `let x = 5; x += 2; x -= 1; x *= 3; x /= 2; x %= 5; x **= 2; let y = 1; y <<= 3; y |= 1; y &= 7; y ^= 2; let z = 3; const a = z++; const b = ++z; const c = z--; return [x, y, z, a, b, c];`,
  ],
  [
    'word count with computed keys',
    `const counts = {}; for (const w of 'the cat the hat the end'.split(' ')) { counts[w] = (counts[w] ?? 0) + 1; } return counts;`,
  ],
  [
    'nested function declarations and chained calls',
    `function outer() { const xs = []; function add(v) { xs.push(v); return add; } add(1)(2)(3); return xs; } return outer();`,
  ],
  [
    'mutating array methods',
    `const a = [1, 2, 3]; a.push(4, 5); const p = a.pop(); const s = a.shift(); a.unshift(0); const sp = a.splice(1, 2, 'x', 'y', 'z'); return [a, p, s, sp, a.length];`,
  ],
  [
    'toSorted, toReversed, keys and entries',
    `const arr = [3, 1, 2]; const sorted = arr.toSorted((a, b) => a - b); return [arr, sorted, arr.toReversed(), [...arr.keys()], [...arr.entries()], arr.lastIndexOf(2), [1, 2, 3].includes(1, -1), [1, 2, 3].indexOf(3, -1)];`,
  ],
  [
    'regular expressions: match, test, replace, split, search, matchAll, exec',
    `const r = /(\\d+)-(\\d+)/; const m = '10-20'.match(r); return [m[1], m[2], m.length, /a/i.test('A'), 'a1b2c3'.replace(/\\d/g, '#'), 'x,y;z'.split(/[,;]/), 'aXbX'.search(/X/), [...'a1b22'.matchAll(/\\d+/g)].map((m) => m[0]), /^(\\w+)@(\\w+)\\.test$/.exec('bob@acme.test').slice(1)];`,
  ],
  ['catching a runtime error', `try { const n = null; n.x; } catch (e) { return ['caught', typeof e]; }`],
  ['catching a thrown string', `try { throw 'plain'; } catch (e) { return e; }`],
  ['rethrow through an empty finally', `try { try { throw 1; } finally { } } catch (e) { return 'outer ' + e; }`],
  [
    'async functions awaited',
    `async function f(x) { return x * 2; } const a = await f(2); const b = await (async () => 3)(); return [a, b];`,
  ],
  ['for with two variables', `let s = 0; for (let i = 0, j = 10; i < j; i += 2, j--) { s += i * j; } return s;`],
  [
    'map with index and array arguments, reduceRight',
    `const x = [1, 2, 3].map((v, i, arr) => v + i + arr.length); const y = [1, 2, 3].reduceRight((acc, v) => acc + v, ''); return [x, y];`,
  ],
  [
    'functions passed as arguments and returned',
    `function twice(f, x) { return f(f(x)); } const inc = (a) => a + 1; const pick = (n) => (n > 0 ? inc : (a) => a * 2); return [twice(inc, 1), twice((a) => a * 2, 3), pick(1)(5), pick(0)(5)];`,
  ],
  [
    'toString, toFixed, toPrecision, localeCompare, normalize',
    `return [[1, 2, 3].toString(), (12.5).toFixed(0), (1234.5678).toPrecision(6), (0).toString(), true.toString(), 'abc'.localeCompare('abd'), 'ABC'.codePointAt(1), 'a-b-c'.split('-', 2), 'Ünïcödé'.normalize('NFD').length];`,
  ],
  [
    'Map with object keys, NaN keys, Set with signed zeros',
    `const s = new Set(['x']); const m = new Map(); m.set(s, 'set-key'); return [m.get(s), m.size, new Map([[NaN, 'nan']]).get(NaN), new Set([0, -0]).size];`,
  ],
  ['recursive spread', `function f(n) { if (n === 0) { return []; } return [n, ...f(n - 1)]; } return f(5);`],
  [
    'destructuring assignment and swap',
    `const o = { a: 1 }; const { a: renamed, z = 'def' } = o; let p, q; [p, q] = [q, p]; ({ a: p } = o); return [renamed, z, p, q];`,
  ],
  ['computed keys in object literals', `const key = 'dyn'; const o = { [key + '1']: 1, [\`\${key}2\`]: 2 }; return o;`],
  [
    'block scoping and shadowing',
    `const x = 10; const r = (() => { const x = 20; { const x = 30; } return x; })(); return [x, r];`,
  ],
  ['postfix increment in an arrow', `let n = 0; const inc = () => n++; inc(); inc(); return n;`],
  ['unary operators and coercions', `return [void 0, !0, !!'', -'3', +'4', +[], +{}];`],
  ['writing past the end of an array', `const a = [1, 2, 3]; a[5] = 6; return [a, a.length];`],
  [
    'slice, splice and indexOf with fromIndex',
    `const a = []; a.length; const b = [1, 2, 3]; return [b.indexOf(2, 5), b.slice(-2), b.splice(-1), b];`,
  ],
  ['default sort with undefined', `return [['b', undefined, 'a'].sort(), [undefined, 3, 1].sort()];`],
  [
    'split, substr and indexing',
    `return ['a,b'.split(), 'abc'.split(''), ''.split(','), 'abc'.substr(1, 1), 'abc'[1], 'abc'.length, 'abc'[5]];`,
  ],
  ['object property writes', `const o = {}; o.x = 1; o['y'] = 2; o[3] = 'three'; return [o, Object.keys(o)];`],
  [
    'Map forEach and for\u2026of',
    `const m = new Map(); m.set('x', 1); const out = []; m.forEach((v, k) => { out.push(k + '=' + v); }); for (const [k, v] of m) { out.push(k + v); } return out;`,
  ],
  [
    'Set iteration',
    `const s = new Set([1, 2]); const out = []; for (const v of s) { out.push(v); } s.forEach((v) => out.push(v * 10)); return [out, [...s.values()], [...s.entries()]];`,
  ],
  ['functions without a return value', `function f() { return; } function g() {} return [f(), g(), (() => {})()];`],
  [
    'for\u2026of over a string with non-ASCII',
    `let out = ''; for (const ch of 'héllo') { out = ch + out; } return out;`,
  ],
  ['reference identity', `const x = { a: 1 }; const y = x; y.a = 2; return [x.a, x === y, {} === {}, [1] === [1]];`],
  [
    'a thousand-element array',
    `const big = []; for (let i = 0; i < 1000; i++) { big.push(i); } return [big.filter((x) => x % 100 === 0), big.reduce((a, b) => a + b)];`,
  ],
  [
    'capitalising words',
    `const words = ['apple', 'Banana', 'cherry']; return words.map((w) => w[0].toUpperCase() + w.slice(1).toLowerCase()).join(' ');`,
  ],
  [
    'JSON.stringify of undefined and dates',
    `return JSON.stringify({ u: undefined, f: 1, n: null, d: new Date(0), arr: [undefined, null] });`,
  ],
  [
    'JSON.parse of scalars and arrays',
    `return [JSON.parse('[1,"2",{"a":null}]'), JSON.parse('"s"'), JSON.parse('true'), JSON.parse(' 42 ')];`,
  ],
  ['catching a JSON.parse error', `try { JSON.parse('{bad'); } catch (e) { return 'caught'; }`],
  [
    'methods on an empty array',
    `const e = []; return [e.at(0), e.find((x) => x), e.some((x) => x), e.every((x) => x), e.join(), e.pop(), e.shift()];`,
  ],
  [
    'number constants and formatting',
    `const n = 1234.5; return [n.toFixed(1), Math.PI.toFixed(4), Number.MAX_SAFE_INTEGER, Number.EPSILON > 0, Math.E > 2, (25).toString(2)];`,
  ],
  [
    'invalid dates and date-only strings',
    `const d = new Date('2026-02-30T00:00:00Z'); return [isNaN(d.getTime()), new Date('2026-03-16').toISOString(), new Date(2026, 0, 1, 0, 0, 0).getUTCFullYear(), new Date('March 7, 2026 10:00:00 UTC').toISOString()];`,
  ],
  [
    'date arithmetic and comparison',
    `const d1 = new Date('2026-03-16T09:00:00Z'); const d2 = new Date('2026-03-17T09:00:00Z'); return [(d2 - d1) / 3600000, d1 < d2, d1.getTime() === new Date(d1.getTime()).getTime(), JSON.stringify({ d: d1 })];`,
  ],
  [
    'switch inside a loop with continue',
    `let s = ''; let i = 0; while (i < 5) { i++; switch (i % 3) { case 0: s += 'z'; break; case 1: s += 'o'; continue; default: s += 't'; } s += '.'; } return s;`,
  ],
  [
    'for\u2026of with destructuring over entries',
    `const r = []; for (const [i, v] of ['a', 'b'].entries()) { r.push(i + v); } for (const [k, v] of Object.entries({ x: 1 })) { r.push(k + v); } return r;`,
  ],
  [
    'destructured parameters with defaults',
    `function f({ a = 1, b } = {}, [c, d = 4] = []) { return [a, b, c, d]; } return [f(), f({ b: 2 }, [3])];`,
  ],
  [
    'nested ternaries, || and && with calls',
    `const x = 5; const r = x > 3 ? (x > 4 ? 'big' : 'mid') : 'small'; return [r, x || y0(), x && 'and'];
function y0() { return 'never'; }`,
  ],
  [
    'flat, fill, findLast, findLastIndex',
    `return [[1, [2, [3, [4]]]].flat(2), [1, 2, 3].fill(0, 1), [3, 2, 1].findLast((x) => x > 1), [3, 2, 1].findLastIndex((x) => x > 5)];`,
  ],
  [
    'string escapes and multi-line templates',
    `return ['%', 'a\\nb', 'tab\\t', '\\u00e9', '\\\\', "q'", \`multi
line\`];`,
  ],
  [
    'destructuring arrays and length',
    `const a = [1, 2, 3]; const [first, ...others] = a; const { length } = a; return [first, others, length];`,
  ],
  [
    'awaits inside a loop',
    `async function slow(x) { await null; return x + 1; } const r = []; for (const v of [1, 2]) { r.push(await slow(v)); } return r;`,
  ],
  [
    'for\u2026of sees elements pushed during the loop',
    `const a = [1, 2, 3]; for (const x of a) { if (x === 1) { a.push(4); } } return a;`,
  ],
  ['forEach with a closure', `let count = 0; const a = [1, 2, 3]; a.forEach((x) => { count += x; }); return count;`],
  ['nested destructuring', `const o = { n: 1, inner: { n: 2 } }; const { inner: { n } } = o; return n;`],
  [
    'Math and Number edge cases',
    `return [Math.max(NaN, 1), Math.min(), parseInt('ff', 16), parseInt('  -12.9'), Number('1e3'), Number(null), Number(undefined), Number([5]), Number([1, 2]), Number({})];`,
  ],
  [
    'comparison and arithmetic coercions',
    `return ['abc' < 'abd', [2] > 1, null >= 0, undefined === 0, '1' + 1, '3' * '4', true + 1, [] + {}, 'x' - 1];`,
  ],
  [
    'arrays converted to strings',
    `const a = ['x', 'y']; return [a + '', \`\${a}\`, String(a), a.join(), JSON.stringify(a), [null, undefined, 1].join('-'), [[1, 2], [3]].toString()];`,
  ],
  [
    'sorting, indexOf with coercion, NaN in includes',
    `return [[10, 1, 5].sort().reverse(), ['b', 'a'].sort((x, y) => x.localeCompare(y)), [1, 2, 3].indexOf('2'), [NaN].includes(NaN), [NaN].indexOf(NaN)];`,
  ],
  [
    'containers to text with nested objects, nested arrays and holes (converted by the runtime)',
    "const a = [{ x: 1 }, [2, [3]], null, undefined]; return [a + 'x', `${a}`, String(a), a < 'b', [[]] + '', [{}] + 1];",
  ],
  ['object rest copies', `const o = { a: 1, b: 2 }; const { a, ...rest } = o; rest.c = 3; return [o, rest];`],
  ['block-scoped let', `let x = 1; { let x = 2; x++; } return x;`],
  [
    'factorial up to overflow',
    `function f(n) { return n <= 1 ? 1 : n * f(n - 1); } return [f(10), f(20), f(170) > 1e300, f(171)];`,
  ],
  [
    'lastIndexOf with a fromIndex',
    `return [[1, 2, 1].lastIndexOf(1, -2), [1, 2].lastIndexOf(2, -1), [1, 2].lastIndexOf(undefined, 5), [1, 2, 3].lastIndexOf(3, 10), [1, 2].lastIndexOf(1)];`,
  ],
  [
    'returning an async call without await',
    `async function f() {
  return 41;
}
return f();`,
  ],
  [
    'returning an awaited async call through two levels',
    `async function f() {
  return 40;
}
async function g() {
  return (await f()) + 1;
}
return await g();`,
  ],
  [
    'JSON round trip of a "__proto__" key',
    `const s = '{"__proto__":{"a":1},"b":2}';
return [JSON.stringify(JSON.parse(s)), Object.keys(JSON.parse(s))];`,
  ],
  [
    'catching a RangeError from a built-in',
    `try {
  'x'.repeat(-1);
} catch (e) {
  return 'caught';
}`,
  ],
  [
    'finally runs after return',
    `const log = [];
function f() {
  try {
    return 'try';
  } finally {
    log.push('finally');
  }
}
return [f(), log];`,
  ],
  [
    'throw in catch goes through finally',
    `const log = [];
try {
  try {
    throw 'a';
  } catch (e) {
    log.push('c' + e);
    throw 'b';
  } finally {
    log.push('f');
  }
} catch (e) {
  log.push('outer ' + e);
}
return log;`,
  ],
  [
    'break out of for\u2026of inside switch',
    `const out = [];
for (const x of [1, 2, 3, 4]) {
  switch (x) {
    case 3:
      break;
    default:
      out.push(x);
  }
  if (x === 3) {
    break;
  }
}
return out;`,
  ],
  [
    'continue in a do\u2026while counts down',
    `let n = 5;
let s = '';
do {
  n--;
  if (n % 2) {
    continue;
  }
  s += n;
} while (n > 0);
return s;`,
  ],
  [
    'closures in a while loop with let inside',
    `const out = [];
let i = 0;
while (i < 3) {
  const j = i * 10;
  const f = () => j;
  i++;
  out.push(f() + i);
}
return out;`,
  ],
  [
    'mutual recursion',
    `function even(n) {
  return n === 0 ? true : odd(n - 1);
}
function odd(n) {
  return n === 0 ? false : even(n - 1);
}
return [even(10), odd(7), even(3)];`,
  ],
  [
    'sort of objects by two keys with localeCompare',
    `const xs = [{ n: 'b', k: 2 }, { n: 'a', k: 2 }, { n: 'c', k: 1 }];
return xs.toSorted((x, y) => x.k - y.k || x.n.localeCompare(y.n)).map((x) => x.n + x.k);`,
  ],
  [
    'Date from parts in UTC and getters',
    `const t = Date.UTC(2026, 1, 28, 23, 59, 59);
const d = new Date(t + 1000);
return [d.toISOString(), d.getUTCMonth(), d.getUTCDate(), d.getUTCDay(), Date.parse('2026-03-01T00:00:00Z') === t + 1000];`,
  ],
  [
    'optional chaining on calls of methods',
    `const o = { list: [1, 2, 3], none: null };
return [o.list?.map((x) => x * 2), o.none?.map((x) => x), o.missing?.length ?? 'none'];`,
  ],
  [
    'spread of Map and Set into arrays',
    `const m = new Map([['k', 1], ['j', 2]]);
const s = new Set('hello');
return [[...m], [...m.values()], [...s].join(''), Array.isArray([...s])];`,
  ],
  [
    'string padding, trimming and case',
    `return ['7'.padStart(3, '0'), 'ab'.padEnd(5, '-'), '  x '.trimEnd() + '|', 'ÄÖ'.toLowerCase(), 'ß'.toUpperCase(), 'a-b_c'.split(/[-_]/)];`,
  ],
  [
    'labels-free nested loops with break',
    `const pairs = [];
for (let i = 0; i < 4; i++) {
  for (let j = 0; j < 4; j++) {
    if (j > i) {
      break;
    }
    if ((i + j) % 2) {
      continue;
    }
    pairs.push(\`\${i}\${j}\`);
  }
}
return pairs;`,
  ],
  // Red team 4 (fast paths): `x op= v` reads x before v runs, as JS does.
  [
    'compound assignment reads its target before the right side runs',
    `let x = 1; x += (x = 10); let s = 'a'; function f() { s = 'b'; return 'c'; } s += f();
let y = 2; function g() { y = 100; return 3; } y *= g(); return [x, s, y];`,
  ],
  // A callback picked by an argument (?:, a sequence) runs plan code inside a plain loop:
  // the loop is not plain then (its native copy assumed its numbers stayed numbers).
  [
    'callbacks chosen by ?: or a sequence inside a number loop',
    `let n = 0; let m = 0; let k = 0; const f = (x) => { n = { a: 1 }; }; const g = (x) => { m = [x, 2]; };
const h = (x) => { k = 'k'; }; const xs = [1];
for (let i = 0; i < 2; i++) { xs.forEach(i < 9 ? f : f); n = n + 1; }
for (let i = 0; i < 2; i++) { xs.forEach((0, g)); m = m + 1; }
for (let i = 0; i < 2; i++) { xs.forEach((k = 0, h)); k = k + 1; }
return [n, m, k];`,
  ],
  [
    'native sorts with number comparators: stability, -0, NaN answers and elements, toSorted',
    `const a = [21, 11, 1, 32, 12, 2, 43, 3, 13, 0, 10, 20]; a.sort((x, y) => (x % 10) - (y % 10));
const b = [5, 3, -0, 0, 2, 0, -0]; b.sort((x, y) => x - y);
const c = [3, 1, 2, 4]; c.sort((x, y) => (x - y) * 0);
const d = [NaN, 1, 3, NaN, 2].map((x) => x); d.sort((x, y) => x - y);
const e = []; for (let i = 0; i < 40; i++) e.push((i * 7919) % 23); e.sort((x, y) => x - y);
const f = [1.5, -2.5, 1e300, -Infinity, Infinity]; const g = f.toSorted((x, y) => y - x);
return [a, b.map((x) => 1 / x), c, d.map((x) => String(x)), e, g.map((x) => String(x))];`,
  ],
  // Records (plain-functions.ts): a function reading number fields runs as a copy when every
  // record fits, and a sort over fitting items is native; anything else takes the instrumented body.
  [
    'comparators and callbacks over records: fitting, a missing or text field, nested, shadowed',
    `const xs = []; for (let i = 0; i < 30; i++) xs.push({ id: i, v: (i * 7) % 5, w: i % 3 });
const a = [...xs].sort((p, q) => p.v - q.v || q.id - p.id).map((x) => x.id);
const b = [...xs, { id: 99, v: 'zz', w: 0 }].sort((p, q) => p.w - q.w || p.id - q.id).map((x) => x.id);
const c = [{ id: 1 }, { id: 2, v: 1 }, { id: 3, v: 0 }].sort((p, q) => p.v - q.v).map((x) => x.id);
const d = [{ v: 2, k: { n: 1 } }, { v: 1, k: { n: 2 } }].sort((p, q) => p.v - q.v).map((x) => x.k.n);
function byW(p, q) { return p.w === q.w ? p.id - q.id : p.w - q.w; }
const e = [...xs].sort(byW).slice(0, 6).map((x) => x.id);
const f = xs.map((x) => x.v * 2 + x.w).reduce((s, n) => s + n, 0);
function shadow(p) { { const p = 3; return p * 2; } }
const g = [shadow({ a: 1 }), [3, 1, 2].sort((p, q) => p - q)];
const h = [[2, 1], [1, 2]].sort((p, q) => p.length - q.length);
return [a, b, c, d, e, f, g, h, xs.map((x) => x.id).slice(0, 3)];`,
  ],
  // Field functions (field-functions.ts): a sort's comparator reading primitive fields runs
  // natively over the items' records; an item that does not fit sends the sort the general way.
  [
    'sorts with field comparators: text, lengths, pairs, constants, items that do not fit',
    `const xs = ['pear', 'fig', 'apple', 'kiwi', 'date'].map((s, i) => ({ id: 'k' + (i % 3), s, n: i }));
const a = [...xs].sort((p, q) => q.s.length - p.s.length || (p.id < q.id ? -1 : p.id > q.id ? 1 : 0)).map((x) => x.n);
const b = Object.entries({ x: 2, y: 5, z: 2, w: 9 }).sort((p, q) => q[1] - p[1] || (p[0] < q[0] ? -1 : 1));
const c = [...xs].sort((p, q) => { const d = p.n % 2; if (d === q.n % 2) return q.n - p.n; return d ? -1 : 1; }).map((x) => x.n);
const d = [{ s: 1, n: 0 }, { s: 'ab', n: 1 }, { s: [1], n: 2 }].sort((p, q) => p.s.length - q.s.length).map((x) => x.n);
const e = [{ v: true }, { v: false }, { v: 'x' }, { w: 1 }].sort((p, q) => p.v < q.v).map((x) => JSON.stringify(x));
const f = [[2, 'b'], [1, 'a'], [2, 'a']].sort((p, q) => p[0] - q[0] || (p[1] === q[1] ? 0 : p[1] < q[1] ? -1 : 1));
const g = [...xs].sort((p, q) => (p.s < q.s) - (p.s > q.s)).map((x) => x.s);
return [a, b, c, d, e, f, g];`,
  ],
  // Red team 5: JS moves undefined items to the end of a sort and never compares them.
  [
    'sorts with undefined items, with and without a comparator',
    `const a = [3, undefined, 1, 2].sort((x, y) => x - y);
const b = [{ v: 2 }, undefined, { v: 1 }].sort((x, y) => x.v - y.v);
const c = [3, undefined, 1].toSorted((x, y) => x - y);
const d = ['z', undefined, 'a'].sort();
const e = [undefined, { s: 'b' }, { s: 'a' }].sort((x, y) => (x.s < y.s ? -1 : 1));
return [a, b, c, d, e].map((xs) => xs.map((x) => (x === undefined ? 'U' : x)));`,
  ],
  [
    'array and object literals built natively and by the runtime',
    `const o = { a: 1, b: 'x' + 1, 'c d': [1, 2], 7: null, e: { f: undefined } };
const xs = []; for (let i = 0; i < 3; i++) xs.push({ i, s: 's' + i, t: [i, 'k' + i], u: -i });
return [o, Object.keys(o), xs, [[], {}, [1, [2, [3]]]], 'n' + 1.5 + 'm' + -0];`,
  ],
];

/** What node gives, as JSON (undefined becomes null, as in a run's result). */
async function inNode(src: string): Promise<unknown> {
  const v = await new AsyncFunction(src)();
  const s = JSON.stringify(v);
  return s === undefined ? null : JSON.parse(s);
}

async function inEngine(src: string, mode: Mode, limits: Partial<Limits> = { wallMs: 5000 }) {
  return runPlan({
    plan: src,
    tools: toolRegistry([]),
    gate: minimalGate,
    mode,
    limits,
    userAddresses: [],
    contacts: [],
  });
}

describe('plain loops never run a callback natively', () => {
  it('a function a callback stored in a number variable is no operand, even in a number loop', async () => {
    const src = `let n = 0; const g = (y) => y; const f = (x) => { n = g; }; const xs = [1];
for (let i = 0; i < 1; i++) { xs.forEach(i < 9 ? f : f); n = n + 1; }
return n;`;
    for (const mode of ['strict', 'normal'] as const) {
      const r = await inEngine(src, mode);
      expect(r.status, mode).toBe('failed');
      expect(r.error?.fullMessage, mode).toMatch(/a function cannot be an operand/);
    }
  });
});

describe('fast paths stop at the limits the runtime checks', () => {
  it('a short template of numbers in a number loop counts against the string length limit', async () => {
    const src =
      'const out = []; for (let i = 0; i < 2; i++) { out.push(`item-${i}-aaaaaaaaaaaaaaaaaaaa`); } return out;';
    for (const mode of ['strict', 'normal'] as const) {
      const r = await inEngine(src, mode, { stringLength: 10 });
      expect(r.status, mode).toBe('limit');
      expect(r.error?.fullMessage, mode).toMatch(/string grew past 10/);
    }
  });
  // Red team 5: a number's text has up to 25 characters (-0.0000012345678901234567).
  it.each([
    ['a concatenation', "s = 'abcde' + -1.2345678901234567e-6 * (i + 1);"],
    ['a template', 's = `abcde${-1.2345678901234567e-6 * (i + 1)}`;'],
  ])('%s with the longest number text in a number loop counts against the string limit', async (_, step) => {
    const src = `let s = ''; for (let i = 0; i < 1; i++) { ${step} } return s.length;`;
    for (const mode of ['strict', 'normal'] as const) {
      const r = await inEngine(src, mode, { stringLength: 29 });
      expect(r.status, mode).toBe('limit');
    }
  });
});

describe('plan programs give the results of plain JavaScript', () => {
  it('has a broad table', () => {
    expect(PROGRAMS.length).toBeGreaterThanOrEqual(80);
    expect(new Set(PROGRAMS.map(([n]) => n)).size).toBe(PROGRAMS.length);
  });

  for (const [name, src] of PROGRAMS) {
    it(name, async () => {
      const want = await inNode(src);
      for (const mode of ['strict', 'normal'] as const) {
        expect(() => compilePlan(src, { mode, toolNames: [] }), `${mode}: ${src}`).not.toThrow();
        const r = await inEngine(src, mode);
        expect(r.status, `${mode}: ${src}\n${JSON.stringify(r.error)}`).toBe('completed');
        expect(r.result, `${mode}: ${src}`).toEqual(want);
        // Only plan literals went in: the result is trusted and public.
        expect(r.resultLabel?.untrusted).toEqual([]);
        expect(r.resultLabel?.readers).toBe('public');
        expect(r.calls).toEqual([]);
      }
    });
  }
});
