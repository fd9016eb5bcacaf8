/**
 * The prompt-injection pattern file: parsed, validated (zod schema, regex syntax, ReDoS rules,
 * unique ids) and compiled once at module load. The patterns are data
 * (`patterns.embed.yaml`, embedded by `scripts/gen-embedded.mjs` because engine/ may not read
 * files); a bad file fails loudly at load, naming the line and column of each problem.
 */
import { isMap, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import * as z from 'zod';
import embeddedPatterns from './patterns.embed.generated';
import { regexSafetyProblem } from './regex-safety';

export const INJECTION_CATEGORIES = [
  'role-manipulation',
  'instruction-override',
  'delimiter-injection',
  'tool-directive',
  'exfiltration',
  'encoded-instruction',
] as const;

export type InjectionCategory = (typeof INJECTION_CATEGORIES)[number];

const PatternEntry = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'an id is kebab-case: lower-case letters, digits and hyphens'),
  category: z.enum(INJECTION_CATEGORIES),
  description: z.string().min(1).max(300),
  regex: z.string().min(1).max(4000),
  flags: z
    .string()
    .regex(/^(?!.*(.).*\1)[imsu]*$/, 'flags may only be i, m, s and u, each at most once')
    .default('i'),
  scope: z.enum(['normalized', 'raw']).default('normalized'),
});

const PatternFile = z.strictObject({
  version: z.literal(1),
  patterns: z.array(PatternEntry).min(1),
});

export interface InjectionPattern {
  readonly id: string;
  readonly category: InjectionCategory;
  readonly description: string;
  readonly scope: 'normalized' | 'raw';
  /** Compiled with the `g` flag added. */
  readonly regex: RegExp;
}

export interface PatternSet {
  readonly source: string;
  readonly patterns: readonly InjectionPattern[];
}

export interface PatternProblem {
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

/** A pattern file that cannot be used; `message` lists `file:line:col: problem` lines. */
export class PatternFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: readonly PatternProblem[],
  ) {
    super(
      `invalid injection pattern file ${file}:\n` +
        problems.map((p) => `  ${file}:${p.line}:${p.column}: ${p.message}`).join('\n'),
    );
    this.name = 'PatternFileError';
  }
}

/** The position of the node at `path` (or its nearest existing ancestor). */
function positionOf(doc: Document, lines: LineCounter, path: readonly PropertyKey[]): { line: number; column: number } {
  for (let n = path.length; n >= 0; n--) {
    const keys = path.slice(0, n).map((k) => (typeof k === 'symbol' ? String(k) : k));
    const node: unknown = n === 0 ? doc.contents : doc.getIn(keys, true);
    if (node && typeof node === 'object' && 'range' in node) {
      const range = (node as { range?: readonly number[] | null }).range;
      if (range && typeof range[0] === 'number') {
        const pos = lines.linePos(range[0]);
        return { line: pos.line, column: pos.col };
      }
    }
  }
  return { line: 1, column: 1 };
}

const showPath = (path: readonly PropertyKey[]): string =>
  path.reduce<string>(
    (acc, k) => (typeof k === 'number' ? `${acc}[${k}]` : acc ? `${acc}.${String(k)}` : String(k)),
    '',
  );

/** Parses, validates and compiles a pattern file. Throws PatternFileError listing every problem. */
export function loadPatternSet(text: string, file = 'patterns.embed.yaml'): PatternSet {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    throw new PatternFileError(
      file,
      doc.errors.map((e) => {
        const pos = lines.linePos(e.pos[0]);
        return { line: pos.line, column: pos.col, message: e.message.split('\n')[0] ?? e.message };
      }),
    );
  }
  if (!isMap(doc.contents))
    throw new PatternFileError(file, [{ line: 1, column: 1, message: 'expected a mapping with version and patterns' }]);
  const parsed = PatternFile.safeParse(doc.toJS());
  if (!parsed.success) {
    throw new PatternFileError(
      file,
      parsed.error.issues.map((issue) => ({
        ...positionOf(doc, lines, issue.path),
        message: `${showPath(issue.path) || '(root)'}: ${issue.message}`,
      })),
    );
  }

  const problems: PatternProblem[] = [];
  const compiled: InjectionPattern[] = [];
  const seen = new Set<string>();
  const patternsNode = doc.get('patterns', true);
  const count = isSeq(patternsNode) ? patternsNode.items.length : parsed.data.patterns.length;
  for (let i = 0; i < Math.min(count, parsed.data.patterns.length); i++) {
    const p = parsed.data.patterns[i];
    if (!p) continue;
    const at = (field: string): { line: number; column: number } => positionOf(doc, lines, ['patterns', i, field]);
    if (seen.has(p.id)) problems.push({ ...at('id'), message: `patterns[${i}].id: duplicate id "${p.id}"` });
    seen.add(p.id);
    const unsafe = regexSafetyProblem(p.regex);
    if (unsafe) {
      problems.push({ ...at('regex'), message: `patterns[${i}] (${p.id}).regex is not ReDoS-safe: ${unsafe}` });
      continue;
    }
    let regex: RegExp;
    try {
      regex = new RegExp(p.regex, `${p.flags}g`);
    } catch (e) {
      problems.push({
        ...at('regex'),
        message: `patterns[${i}] (${p.id}).regex does not compile: ${(e as Error).message}`,
      });
      continue;
    }
    // Tried on the regex the scans use (from index 0, as a fresh non-global copy would be): each
    // compiled copy of a pattern costs its own compilation.
    const matchesEmpty = regex.test('');
    regex.lastIndex = 0;
    if (matchesEmpty)
      problems.push({ ...at('regex'), message: `patterns[${i}] (${p.id}).regex matches the empty string` });
    compiled.push({ id: p.id, category: p.category, description: p.description, scope: p.scope, regex });
  }
  if (problems.length > 0) throw new PatternFileError(file, problems);
  return { source: file, patterns: compiled };
}

let builtIn: PatternSet | null = null;
const builtInPatterns = (): PatternSet => (builtIn ??= loadPatternSet(embeddedPatterns));
/**
 * The built-in pattern set, loaded (and validated) when first read, not when this module is
 * imported: compiling it takes a good part of a command's start, and most commands scan nothing.
 */
export const DEFAULT_PATTERNS: PatternSet = {
  get source() {
    return builtInPatterns().source;
  },
  get patterns() {
    return builtInPatterns().patterns;
  },
};
