/**
 * The built-ins a plan may use (semantics.md §1) and the names it may never use. The runtime
 * inside the sandbox implements each call (engine/sandbox/guest/library.embed.js); this list is
 * what the front end accepts.
 */

/** Namespaces whose members may be called (`JSON.parse`) or read as constants (`Math.PI`). */
export const BUILTIN_NAMESPACES: ReadonlySet<string> = new Set(['JSON', 'Math', 'Object', 'Array', 'Number', 'Date']);

/** Math functions a plan may call (no Math.random: runs are deterministic). */
export const MATH_FNS = [
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

/**
 * Methods of built-in values, by receiver type: the front end's effect analysis and the guest
 * runtime (handed this table at start-up) read the same list. Any other method name calls a
 * plan function stored in a plain object.
 */
export const METHODS = {
  string: [
    'at',
    'charAt',
    'charCodeAt',
    'codePointAt',
    'concat',
    'endsWith',
    'includes',
    'indexOf',
    'lastIndexOf',
    'localeCompare',
    'match',
    'matchAll',
    'normalize',
    'padEnd',
    'padStart',
    'repeat',
    'replace',
    'replaceAll',
    'search',
    'slice',
    'split',
    'startsWith',
    'substring',
    'substr',
    'toLowerCase',
    'toUpperCase',
    'toLocaleLowerCase',
    'toLocaleUpperCase',
    'trim',
    'trimStart',
    'trimEnd',
    'toString',
    'valueOf',
  ],
  /**
   * String methods whose result is never longer than the string and that take only plain
   * values: on an unlabeled string the compiler calls them natively; on a labeled one the
   * runtime calls them without its general path, the result labeled as the string.
   */
  plainString: [
    'toLowerCase',
    'toUpperCase',
    'trim',
    'trimStart',
    'trimEnd',
    'slice',
    'substring',
    'substr',
    'charAt',
    'charCodeAt',
    'codePointAt',
    'at',
    'includes',
    'startsWith',
    'endsWith',
    'indexOf',
    'lastIndexOf',
  ],
  number: ['toFixed', 'toPrecision', 'toString', 'valueOf', 'toLocaleString', 'toExponential'],
  date: [
    'getTime',
    'valueOf',
    'toISOString',
    'toJSON',
    'toString',
    'toDateString',
    'toTimeString',
    'toUTCString',
    'toLocaleDateString',
    'toLocaleTimeString',
    'toLocaleString',
    'getFullYear',
    'getMonth',
    'getDate',
    'getDay',
    'getHours',
    'getMinutes',
    'getSeconds',
    'getMilliseconds',
    'getUTCFullYear',
    'getUTCMonth',
    'getUTCDate',
    'getUTCDay',
    'getUTCHours',
    'getUTCMinutes',
    'getUTCSeconds',
    'getUTCMilliseconds',
    'getTimezoneOffset',
  ],
  /** Array methods that change the array in place. */
  mutating: ['push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill'],
  /** Methods that call a plan function given as their first argument. */
  callback: [
    'forEach',
    'map',
    'filter',
    'find',
    'findIndex',
    'findLast',
    'findLastIndex',
    'some',
    'every',
    'flatMap',
    'reduce',
    'reduceRight',
    'sort',
    'toSorted',
  ],
  array: [
    'at',
    'slice',
    'concat',
    'join',
    'includes',
    'indexOf',
    'lastIndexOf',
    'flat',
    'toSorted',
    'toReversed',
    'keys',
    'values',
    'entries',
    'toString',
  ],
  collection: ['get', 'has', 'set', 'add', 'delete', 'clear', 'keys', 'values', 'entries', 'forEach'],
  regex: ['test', 'exec'],
  object: ['hasOwnProperty'],
} as const;

/** Every method name of a built-in value. */
export const BUILTIN_METHOD_NAMES: ReadonlySet<string> = new Set(Object.values(METHODS).flat());

/**
 * Every built-in by the name the guest library's table uses: `type.method` for a method of a
 * value of that type (`string`, `number`, `boolean`, `date`, `regexp`, `array`, `map`, `set`,
 * `object`), the full name of a function (`JSON.parse`, `Math.max`, `parseInt`), and
 * `new Map`/`new Set`/`new Date`. The guest implements exactly these (it refuses to start with
 * one it cannot), and test/engine/plan/labeling-rule.test.ts has a case for each.
 */
export const BUILTINS: readonly string[] = [
  ...METHODS.string.map((m) => `string.${m}`),
  ...METHODS.number.map((m) => `number.${m}`),
  'boolean.toString',
  'boolean.valueOf',
  ...METHODS.date.map((m) => `date.${m}`),
  ...METHODS.regex.map((m) => `regexp.${m}`),
  ...[...new Set([...METHODS.array, ...METHODS.mutating, ...METHODS.callback])].map((m) => `array.${m}`),
  ...METHODS.collection.filter((m) => m !== 'add').map((m) => `map.${m}`),
  ...METHODS.collection.filter((m) => m !== 'get' && m !== 'set').map((m) => `set.${m}`),
  ...METHODS.object.map((m) => `object.${m}`),
  ...BUILTIN_CALLS,
  'new Map',
  'new Set',
  'new Date',
];

/**
 * The precision rules (docs/semantics.md §2a). Every built-in is labeled by the generic lift —
 * the join of the deep labels of everything it read — unless it is named here, with the one
 * rule (implemented once in engine/sandbox/guest/library.embed.js, RULES) that may leave out
 * what its answer cannot depend on. test/engine/plan/labeling-rule.test.ts checks each rule
 * against what the answer depends on and shows where it is more precise than the generic lift.
 */
export type LabelRule = 'elements' | 'answers' | 'mutator' | 'order' | 'entry' | 'parts' | 'pairs';
const rule = (r: LabelRule, names: readonly string[]): [string, LabelRule][] => names.map((n) => [n, r]);
export const LABEL_RULES: Readonly<Record<string, LabelRule>> = Object.fromEntries([
  ...rule(
    'elements',
    [
      'at',
      'slice',
      'concat',
      'toReversed',
      'keys',
      'values',
      'entries',
      'filter',
      'find',
      'findLast',
      'findIndex',
      'findLastIndex',
      'some',
      'every',
      'forEach',
    ].map((m) => `array.${m}`),
  ),
  ...rule('answers', ['array.map', 'array.reduce', 'array.reduceRight']),
  ...rule(
    'mutator',
    ['push', 'pop', 'shift', 'unshift', 'splice', 'reverse', 'fill'].map((m) => `array.${m}`),
  ),
  ...rule('order', ['array.sort', 'array.toSorted']),
  ...rule('entry', [
    'map.get',
    'map.has',
    'map.set',
    'map.delete',
    'map.clear',
    'set.has',
    'set.add',
    'set.delete',
    'set.clear',
    'object.hasOwnProperty',
  ]),
  ...rule('parts', [
    ...['keys', 'values', 'entries', 'forEach'].flatMap((m) => [`map.${m}`, `set.${m}`]),
    'Object.keys',
    'Object.values',
    'Object.entries',
  ]),
  ...rule('pairs', ['new Map', 'new Set', 'Object.fromEntries']),
]);

/**
 * Every operator and conversion of the plan language by the name the guest's operator table
 * uses (engine/sandbox/guest/runtime.embed.js, OPS): binary operators by their symbol, unary
 * ones as `-x`, `+x`, `~x`, `!x`, `typeof`, steps as `++`/`--`, `in`, the template literal,
 * the reads `.length`/`.size`, and the spreads (`...` into an array or argument list,
 * `{...}` into an object). The conversions to text, number and boolean are the built-ins
 * `String`, `Number` and `Boolean` (BUILTINS). The guest refuses to start unless its table has
 * exactly these rows, and test/engine/plan/labeling-rule.test.ts has a case for each.
 */
export const OPERATORS: readonly string[] = [
  ...['+', '-', '*', '/', '%', '**', '&', '|', '^', '<<', '>>', '>>>'],
  ...['<', '>', '<=', '>=', '===', '!=='],
  ...['-x', '+x', '~x', '!x', 'typeof', '++', '--', 'in', 'template'],
  ...['.length', '.size', '...', '{...}'],
];

/**
 * The precision rules for operators (docs/semantics.md §2a), next to LABEL_RULES: every operator
 * is labeled by the generic lift — the join of the deep labels of its operands, a container read
 * whole as its native conversion would — unless it is named here. `shape`: the answer reads only
 * what kind of value each operand is, which container it is (identity) and which elements or
 * keys it has (its reference and structure labels), never what the elements hold: `===`, `!==`,
 * `!`, `typeof`, `in`, `.length`, `.size`. `moves`: a spread hands each element on as itself
 * (its own label joined with the source's reference and structure), as the `elements` rule of
 * `slice` does. test/engine/plan/labeling-rule.test.ts shows each more precise than the generic
 * lift and checks it against what the answer depends on.
 */
export type OperatorRule = 'shape' | 'moves';
export const OPERATOR_RULES: Readonly<Record<string, OperatorRule>> = {
  '===': 'shape',
  '!==': 'shape',
  '!x': 'shape',
  typeof: 'shape',
  in: 'shape',
  '.length': 'shape',
  '.size': 'shape',
  '...': 'moves',
  '{...}': 'moves',
};
