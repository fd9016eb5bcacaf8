/**
 * YAML text → plain data, keeping the node tree so that every error can point at `line:col`.
 * Shared by the policy loader and the test-vector reader. Nothing here throws on any input.
 */
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import * as z from 'zod';

export interface PolicyError {
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

export type Path = readonly PropertyKey[];

export interface YamlSource {
  readonly doc: Document;
  readonly lc: LineCounter;
  readonly data: unknown;
}

const firstLine = (s: string): string =>
  s
    .split('\n')[0]!
    .replace(/ at line \d+, column \d+:?\s*$/, '')
    .trim();

/** Parses YAML (or JSON, which is YAML) into data. Syntax errors come back with their position. */
export function parseYaml(text: string): { ok: true; source: YamlSource } | { ok: false; errors: PolicyError[] } {
  if (typeof text !== 'string')
    return { ok: false, errors: [{ line: 1, column: 1, message: 'the input is not text' }] };
  try {
    const lc = new LineCounter();
    const doc = parseDocument(text, {
      lineCounter: lc,
      prettyErrors: false,
      uniqueKeys: true,
      strict: true,
      logLevel: 'silent',
    });
    if (doc.errors.length) {
      const errors = doc.errors.map((e) => {
        const p = at(lc, e.pos?.[0] ?? 0);
        return { ...p, message: `YAML syntax: ${firstLine(e.message)}` };
      });
      return { ok: false, errors: sortErrors(errors) };
    }
    let data: unknown;
    try {
      data = doc.toJS({ maxAliasCount: 50 });
    } catch (e) {
      return {
        ok: false,
        errors: [{ line: 1, column: 1, message: `YAML: ${firstLine(String((e as Error)?.message ?? e))}` }],
      };
    }
    return { ok: true, source: { doc, lc, data } };
  } catch (e) {
    return {
      ok: false,
      errors: [{ line: 1, column: 1, message: `YAML: ${firstLine(String((e as Error)?.message ?? e))}` }],
    };
  }
}

function at(lc: LineCounter, offset: number): { line: number; column: number } {
  const p = lc.linePos(Math.max(0, offset));
  return { line: Math.max(1, p.line), column: Math.max(1, p.col) };
}

export const sortErrors = (errors: PolicyError[]): PolicyError[] =>
  [...errors].sort(
    (a, b) => a.line - b.line || a.column - b.column || (a.message < b.message ? -1 : a.message > b.message ? 1 : 0),
  );

const resolve = (doc: Document, n: unknown): unknown => (isAlias(n) ? n.resolve(doc) : n);

/**
 * The node at `path` and the path prefix that was found. When `key` is set and the last segment
 * names a mapping key, the key node itself is returned (for "unknown key" errors).
 */
function nodeAt(src: YamlSource, path: Path, key = false): { node: Node | null; found: number } {
  let node: unknown = resolve(src.doc, src.doc.contents);
  let found = 0;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    const last = i === path.length - 1;
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && keyString(p.key) === String(seg));
      if (!pair) break;
      if (last && key) return { node: (pair.key as Node) ?? node, found: i + 1 };
      const v = resolve(src.doc, pair.value);
      node = v ?? pair.key;
      found = i + 1;
      if (v == null) break;
    } else if (isSeq(node) && typeof seg === 'number') {
      const item = resolve(src.doc, node.items[seg]);
      if (item == null) break;
      node = item;
      found = i + 1;
    } else break;
  }
  return { node: (node as Node | null) ?? null, found };
}

const keyString = (k: unknown): string => (isScalar(k) ? String(k.value) : String(k));

/** `line:col` of the node at `path` (or of the nearest ancestor present in the text). */
export function positionOf(src: YamlSource, path: Path, key = false): { line: number; column: number } {
  const { node } = nodeAt(src, path, key);
  const start = node && 'range' in node && Array.isArray(node.range) ? node.range[0] : 0;
  return at(src.lc, typeof start === 'number' ? start : 0);
}

/** `rules[2].when.recipients`; keys that are not identifiers are quoted: `budgets["*"]`. */
export function formatPath(path: Path): string {
  let s = '';
  for (const seg of path) {
    if (typeof seg === 'number') s += `[${seg}]`;
    else {
      const k = String(seg);
      s += /^[A-Za-z_$][\w$-]*$/.test(k) ? (s ? `.${k}` : k) : `[${JSON.stringify(k)}]`;
    }
  }
  return s || '(root)';
}

export function valueAt(data: unknown, path: Path): unknown {
  let v: unknown = data;
  for (const seg of path) {
    if (v === null || typeof v !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(v, seg)) return undefined;
    v = (v as Record<PropertyKey, unknown>)[seg];
  }
  return v;
}

export function describe(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a mapping';
  return typeof v;
}

const fmtValue = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v)));

/** Edit distance, for "did you mean" hints on unknown keys. */
function distance(a: string, b: string): number {
  const d: number[] = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0]!;
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = d[j]!;
      d[j] = Math.min(d[j]! + 1, d[j - 1]! + 1, prev + (a[i - 1]!.toLowerCase() === b[j - 1]!.toLowerCase() ? 0 : 1));
      prev = tmp;
    }
  }
  return d[b.length]!;
}

/** The keys a strict object accepts at `path` inside `schema` (for suggestions). */
export function keysAt(schema: z.ZodType, path: Path): string[] {
  let s: unknown = schema;
  const unwrap = (x: unknown): unknown => {
    for (let n = 0; n < 10; n++) {
      if (x instanceof z.ZodOptional || x instanceof z.ZodLazy || x instanceof z.ZodNullable) x = x.unwrap();
      else break;
    }
    return x;
  };
  // In a union, follow the option that can hold the next segment (or the final keys).
  const pick = (x: unknown, seg: PropertyKey | undefined): unknown => {
    x = unwrap(x);
    if (!(x instanceof z.ZodUnion)) return x;
    const options = (x.options as readonly unknown[]).map(unwrap);
    const want = typeof seg === 'number' ? z.ZodArray : z.ZodObject;
    return options.find((o) => o instanceof want) ?? x;
  };
  for (const seg of path) {
    s = pick(s, seg);
    if (s instanceof z.ZodObject) s = (s.shape as Record<string, unknown>)[String(seg)];
    else if (s instanceof z.ZodArray) s = s.element;
    else if (s instanceof z.ZodRecord) s = s.valueType;
    else return [];
  }
  s = pick(s, undefined);
  return s instanceof z.ZodObject ? Object.keys(s.shape as Record<string, unknown>) : [];
}

export function suggest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const c of candidates) {
    const d = distance(word, c);
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best !== undefined && bestD <= (best.length <= 3 ? 1 : best.length <= 8 ? 2 : 3) ? best : undefined;
}

type Issue = z.core.$ZodIssue;

/** Turns zod issues into positioned, readable errors. */
export function issuesToErrors(issues: readonly Issue[], src: YamlSource, schema: z.ZodType): PolicyError[] {
  const out: PolicyError[] = [];
  const push = (path: Path, message: string, key = false): void => {
    out.push({ ...positionOf(src, path, key), message: `${formatPath(path)}: ${message}` });
  };
  const walk = (issue: Issue, base: Path): void => {
    const path = [...base, ...issue.path];
    const got = valueAt(src.data, path);
    switch (issue.code) {
      case 'unrecognized_keys': {
        const allowed = keysAt(schema, path);
        for (const k of issue.keys) {
          const hint = suggest(k, allowed);
          out.push({
            ...positionOf(src, [...path, k], true),
            message: `${formatPath(path)}: unknown key "${k}"${hint ? ` (did you mean "${hint}"?)` : ''}`,
          });
        }
        return;
      }
      case 'invalid_type':
        if (got === undefined) return push(path, `required (expected ${issue.expected})`);
        return push(path, `expected ${issue.expected}, got ${describe(got)}`);
      case 'invalid_value':
        if (got === undefined) return push(path, `required (one of ${issue.values.map(fmtValue).join('|')})`);
        return push(
          path,
          issue.values.length === 1
            ? `expected ${fmtValue(issue.values[0])}, got ${describe(got)}`
            : `expected one of ${issue.values.map(fmtValue).join('|')}, got ${describe(got)}`,
        );
      case 'too_small':
        if (issue.origin === 'array') return push(path, `needs at least ${issue.minimum} item(s)`);
        if (issue.origin === 'string') return push(path, 'must not be empty');
        return push(path, `must be ${issue.inclusive === false ? '>' : '>='} ${issue.minimum}, got ${describe(got)}`);
      case 'too_big':
        if (issue.origin === 'array') return push(path, `allows at most ${issue.maximum} item(s)`);
        if (issue.origin === 'string') return push(path, `is longer than ${issue.maximum} characters`);
        return push(path, `must be ${issue.inclusive === false ? '<' : '<='} ${issue.maximum}, got ${describe(got)}`);
      case 'invalid_format':
        return push(path, `${issue.message}; got ${describe(got)}`);
      case 'invalid_key': {
        const key = path[path.length - 1];
        for (const sub of issue.issues) {
          out.push({
            ...positionOf(src, path, true),
            message: `${formatPath(path.slice(0, -1))}: key ${JSON.stringify(String(key))}: ${sub.message}`,
          });
        }
        return;
      }
      case 'invalid_union': {
        // Report the branch that got furthest: one whose issues are not all type mismatches at
        // the union's own path; otherwise say which types were expected.
        const branches = issue.errors.filter(
          (b) => b.length > 0 && !b.every((i) => i.code === 'invalid_type' && i.path.length === 0),
        );
        if (branches.length > 0) {
          for (const i of branches[0]!) walk(i, path);
          return;
        }
        const expected = [
          ...new Set(issue.errors.flat().map((i) => (i.code === 'invalid_type' ? i.expected : i.code))),
        ];
        return push(path, `expected ${expected.join(' or ')}, got ${describe(got)}`);
      }
      default:
        return push(path, issue.message);
    }
  };
  for (const i of issues) walk(i, []);
  return out;
}
