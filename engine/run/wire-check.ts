/**
 * A tool request from the guest, checked without zod when it is exactly of the wire's shape.
 * Every call of every run sends one (its arguments and their lineage trees), and zod's walk of
 * them was a tenth of a triage. The check here accepts only a message zod accepts and returns
 * unchanged: each object with exactly its schema's keys, each value of its schema's type (a
 * number finite). Anything else — an extra key zod would strip, a record key `__proto__`, a
 * wrong type, nesting too deep for the check's recursion — goes to zod, which then answers as
 * it always did: the parsed request or the error that names what is wrong.
 */
import { WireToolRequest, type Encoded, type LabelDesc, type LabelRef } from './wire';

type Obj = Record<string, unknown>;

export function parseToolRequest(json: unknown): WireToolRequest {
  let exact = false;
  try {
    exact = isToolRequest(json);
  } catch {
    // Too deep for this check's recursion: zod decides (and names the problem).
  }
  return exact ? (json as WireToolRequest) : WireToolRequest.parse(json);
}

const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const isNum = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const isStr = (x: unknown): x is string => typeof x === 'string';
const isStrs = (x: unknown): x is string[] => Array.isArray(x) && x.every(isStr);
const isNums = (x: unknown): x is number[] => Array.isArray(x) && x.every(isNum);

/** `o` has every key of `required`, and besides them only keys of `optional`. */
function keysExactly(o: Obj, required: readonly string[], optional: readonly string[] = []): boolean {
  let n = 0;
  for (const k of Object.keys(o)) {
    if (required.includes(k)) n++;
    else if (!optional.includes(k)) return false;
  }
  return n === required.length;
}

/** A record's values all pass `check`; a key `__proto__` is left to zod. */
function recordOf(x: unknown, check: (v: unknown) => boolean): boolean {
  if (!isObj(x)) return false;
  for (const k of Object.keys(x)) if (k === '__proto__' || !check(x[k])) return false;
  return true;
}

function isToolRequest(x: unknown): boolean {
  return (
    isObj(x) &&
    keysExactly(x, ['tool', 'args', 'labels', 'pc', 'lineage'], ['cl', 'sets']) &&
    isStr(x.tool) &&
    isEncoded(x.args) &&
    recordOf(x.labels, (d) => isLabelDesc(d) || isLabelRef(d)) &&
    isNum(x.pc) &&
    (x.cl === undefined || isNum(x.cl)) &&
    recordOf(x.lineage, (v) => v === null || isLineage(v)) &&
    (x.sets === undefined || isSetsDelta(x.sets))
  );
}

function isLabelRef(x: unknown): x is LabelRef {
  return (
    isObj(x) &&
    keysExactly(x, ['n', 'r', 'c'], ['v']) &&
    isNum(x.n) &&
    (x.r === null || isStrs(x.r)) &&
    isStrs(x.c) &&
    (x.v === undefined || isStr(x.v))
  );
}

function isSetsDelta(x: unknown): boolean {
  return (
    isObj(x) &&
    keysExactly(x, ['names', 'untrusted', 'nodes']) &&
    isStrs(x.names) &&
    isNums(x.untrusted) &&
    Array.isArray(x.nodes) &&
    x.nodes.every(isNums)
  );
}

function isLabelDesc(x: unknown): x is LabelDesc {
  return (
    isObj(x) &&
    keysExactly(x, ['s', 'u', 'r', 'c'], ['v']) &&
    isStrs(x.s) &&
    isStrs(x.u) &&
    (x.r === null || isStrs(x.r)) &&
    isStrs(x.c) &&
    (x.v === undefined || isStr(x.v))
  );
}

function isLineage(x: unknown): boolean {
  return (
    isObj(x) &&
    keysExactly(x, ['op'], ['sources', 'n', 'from']) &&
    isStr(x.op) &&
    (x.sources === undefined || isStrs(x.sources)) &&
    (x.n === undefined || isNum(x.n)) &&
    (x.from === undefined || (Array.isArray(x.from) && x.from.every(isLineage)))
  );
}

const isPrimitive = (x: unknown): boolean => x === null || isStr(x) || isNum(x) || typeof x === 'boolean';

function isEncoded(x: unknown): x is Encoded {
  if (!isObj(x) || !isNum(x.l) || (x.d !== undefined && !isNum(x.d))) return false;
  switch (x.k) {
    case 'p':
      return keysExactly(x, ['k', 'v', 'l'], ['d']) && isPrimitive(x.v);
    case 'u':
      return keysExactly(x, ['k', 'l'], ['d']);
    case 'x':
      return keysExactly(x, ['k', 'w', 'l'], ['d']) && isStr(x.w);
    case 'a':
      return keysExactly(x, ['k', 'l', 'i'], ['d']) && Array.isArray(x.i) && x.i.every(isEncoded);
    case 'o':
      return keysExactly(x, ['k', 'l', 'e'], ['d']) && recordOf(x.e, isEncoded);
    default:
      return false;
  }
}
