/**
 * The built-ins a plan may use (semantics.md §1) and the names it may never use. The runtime
 * inside the sandbox implements each call (engine/sandbox/guest/library.embed.js); this list is
 * what the front end accepts.
 */

/** Namespaces whose members may be called (`JSON.parse`) or read as constants (`Math.PI`). */
export const BUILTIN_NAMESPACES: ReadonlySet<string> = new Set(['JSON', 'Math', 'Object', 'Array', 'Number', 'Date']);

const MATH_FNS = [
  'abs',
  'acos',
  'acosh',
  'asin',
  'asinh',
  'atan',
  'atan2',
  'atanh',
  'cbrt',
  'ceil',
  'cos',
  'cosh',
  'exp',
  'expm1',
  'floor',
  'fround',
  'hypot',
  'log',
  'log10',
  'log1p',
  'log2',
  'max',
  'min',
  'pow',
  'round',
  'sign',
  'sin',
  'sinh',
  'sqrt',
  'tan',
  'tanh',
  'trunc',
];

/** Everything callable, by its full name. */
export const BUILTIN_CALLS: ReadonlySet<string> = new Set([
  'Number',
  'String',
  'Boolean',
  'parseInt',
  'parseFloat',
  'isNaN',
  'isFinite',
  'JSON.parse',
  'JSON.stringify',
  'Object.keys',
  'Object.values',
  'Object.entries',
  'Object.fromEntries',
  'Array.isArray',
  'Number.isInteger',
  'Number.isFinite',
  'Number.isNaN',
  'Number.parseFloat',
  'Number.parseInt',
  'Number.isSafeInteger',
  'Date.parse',
  'Date.UTC',
  ...MATH_FNS.map((f) => `Math.${f}`),
]);

/** Values a plan may read: global constants and namespace constants. */
export const BUILTIN_CONSTANTS: ReadonlySet<string> = new Set(['undefined', 'NaN', 'Infinity']);

export const NAMESPACE_CONSTANTS: ReadonlyMap<string, number> = new Map([
  ['Math.PI', Math.PI],
  ['Math.E', Math.E],
  ['Math.LN2', Math.LN2],
  ['Math.LN10', Math.LN10],
  ['Math.LOG2E', Math.LOG2E],
  ['Math.LOG10E', Math.LOG10E],
  ['Math.SQRT2', Math.SQRT2],
  ['Math.SQRT1_2', Math.SQRT1_2],
  ['Number.MAX_SAFE_INTEGER', Number.MAX_SAFE_INTEGER],
  ['Number.MIN_SAFE_INTEGER', Number.MIN_SAFE_INTEGER],
  ['Number.EPSILON', Number.EPSILON],
  ['Number.MAX_VALUE', Number.MAX_VALUE],
  ['Number.MIN_VALUE', Number.MIN_VALUE],
]);

const banned = (why: string) => why;
/** Names refused anywhere in a plan, with the reason shown to the planner. */
export const FORBIDDEN_NAMES: ReadonlyMap<string, string> = new Map([
  ['eval', banned('"eval" is not allowed in plans')],
  ['Function', banned('"Function" is not allowed in plans')],
  ['arguments', banned('"arguments" is not allowed in plans: use rest parameters')],
  ['globalThis', banned('"globalThis" is not allowed in plans')],
  ['window', banned('"window" is not allowed in plans')],
  ['self', banned('"self" is not allowed in plans')],
  ['global', banned('"global" is not allowed in plans')],
  ['Proxy', banned('"Proxy" is not allowed in plans')],
  ['Reflect', banned('"Reflect" is not allowed in plans')],
  ['Symbol', banned('"Symbol" is not allowed in plans')],
  ['WeakRef', banned('"WeakRef" is not allowed in plans')],
  ['WeakMap', banned('"WeakMap" is not allowed in plans')],
  ['WeakSet', banned('"WeakSet" is not allowed in plans')],
  ['FinalizationRegistry', banned('"FinalizationRegistry" is not allowed in plans')],
  ['SharedArrayBuffer', banned('"SharedArrayBuffer" is not allowed in plans')],
  ['ArrayBuffer', banned('"ArrayBuffer" is not allowed in plans')],
  ['DataView', banned('"DataView" is not allowed in plans')],
  ['Atomics', banned('"Atomics" is not allowed in plans')],
  ['WebAssembly', banned('"WebAssembly" is not allowed in plans')],
  ['setTimeout', banned('"setTimeout" is not allowed in plans')],
  ['setInterval', banned('"setInterval" is not allowed in plans')],
  ['setImmediate', banned('"setImmediate" is not allowed in plans')],
  ['clearTimeout', banned('"clearTimeout" is not allowed in plans')],
  ['clearInterval', banned('"clearInterval" is not allowed in plans')],
  ['queueMicrotask', banned('"queueMicrotask" is not allowed in plans')],
  ['Promise', banned('"Promise" is not allowed in plans: await each tool call')],
  ['RegExp', banned('"RegExp" is not allowed in plans: use a regular expression literal')],
  ['require', banned('"require" is not allowed in plans')],
  ['process', banned('"process" is not allowed in plans')],
  ['Error', banned('"Error" is not allowed in plans: throw a string or an object')],
  ...[
    'Int8Array',
    'Uint8Array',
    'Uint8ClampedArray',
    'Int16Array',
    'Uint16Array',
    'Int32Array',
    'Uint32Array',
    'Float32Array',
    'Float64Array',
    'BigInt64Array',
    'BigUint64Array',
    'BigInt',
  ].map((n): [string, string] => [n, `"${n}" is not allowed in plans`]),
]);
