/**
 * Policy test vectors: synthetic gate calls with labels and the decision each should get. The
 * CLI's `test-policy` reads a vectors file and prints the rows. Format: README.md ("Test vectors").
 */
import * as z from 'zod';
import type { GateCall } from '../gate/types';
import type { Label } from '../ifc/label';
import { BOTTOM } from '../ifc/label';
import { labelDeep, type Json, type LabeledValue } from '../ifc/labeled-value';
import type { ToolKind } from '../tools/types';
import { policyGate, type PolicyGateOptions } from './evaluate';
import { DECISIONS, KINDS, type DecisionName, type Policy } from './schema';
import { BUILTIN_TOOL_KINDS } from './tools';
import {
  describe,
  formatPath,
  issuesToErrors,
  parseYaml,
  positionOf,
  sortErrors,
  type PolicyError,
} from './yaml-source';

const Readers = z.union([z.literal('public'), z.array(z.string().min(1))]);

const LabelFields = {
  sources: z.array(z.string().min(1)).optional(),
  untrusted: z.array(z.string().min(1)).optional(),
  readers: Readers.optional(),
  caps: z.array(z.string().min(1)).optional(),
};

const LabelSpec = z.strictObject(LabelFields);

interface ArgSpecObject {
  value?: Json;
  items?: ArgSpec[];
  entries?: Record<string, ArgSpec>;
  sources?: string[];
  untrusted?: string[];
  readers?: 'public' | string[];
  caps?: string[];
  verified?: string;
}
type ArgSpec = string | number | boolean | null | Json[] | ArgSpecObject;

const ArgSpecSchema: z.ZodType<ArgSpec> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(z.json()),
    z
      .strictObject({
        value: z.json().optional(),
        items: z.array(ArgSpecSchema).optional(),
        entries: z.record(z.string(), ArgSpecSchema).optional(),
        ...LabelFields,
        verified: z.string().min(1).optional(),
      })
      .refine((o) => ['value', 'items', 'entries'].filter((k) => k in o).length === 1, {
        message: 'a labeled argument has exactly one of value, items, entries',
      }),
  ]),
);

const VectorSchema = z.strictObject({
  name: z.string().min(1),
  tool: z.string().min(1),
  kind: z.enum(KINDS).optional(),
  args: z.record(z.string(), ArgSpecSchema).optional(),
  context: LabelSpec.optional(),
  counters: z.record(z.string(), z.number().int().min(0)).optional(),
  userAddresses: z.array(z.string()).optional(),
  contacts: z.array(z.string()).optional(),
  /** The real recipients of a reply/RSVP, as a host would resolve them (`recipientsOf`). */
  itemRecipients: z.array(z.string()).optional(),
  /** Attested senders by item id (an email's authenticated From, an organiser): `authorOf`. */
  itemAuthors: z.record(z.string(), z.string()).optional(),
  expect: z.strictObject({ decision: z.enum(DECISIONS), rule: z.string().min(1).optional() }),
});

const VectorFileSchema = z.strictObject({
  version: z.literal(1).optional(),
  userAddresses: z.array(z.string()).optional(),
  contacts: z.array(z.string()).optional(),
  vectors: z.array(VectorSchema).optional(),
  /** Whole plans run against a world (file-based, so run by the CLI: apps/cli/plan-vectors.ts). */
  plans: z.array(z.unknown()).optional(),
});

const VectorListSchema = z.array(VectorSchema);

export interface Vector {
  readonly name: string;
  readonly call: GateCall;
  readonly itemRecipients?: readonly string[];
  readonly itemAuthors?: Readonly<Record<string, string>>;
  readonly expect: { readonly decision: DecisionName; readonly rule?: string };
}

export interface VectorRow {
  readonly name: string;
  readonly tool: string;
  readonly expected: DecisionName;
  readonly expectedRule?: string;
  readonly got: DecisionName;
  readonly rule: string;
  readonly reasons: readonly string[];
  readonly pass: boolean;
}

export type VectorsResult =
  { ok: true; rows: VectorRow[]; passed: number; failed: number } | { ok: false; errors: PolicyError[] };

const uniqSorted = (xs: readonly string[]): string[] => [...new Set(xs)].sort();
const lower = (xs: readonly string[]): string[] => uniqSorted(xs.map((x) => x.toLowerCase()));

/** Untrusted defaults to the `tool:` sources (tool outputs are untrusted unless declared otherwise). */
function labelOf(spec: z.infer<typeof LabelSpec> & { verified?: string }): Label {
  const untrusted = uniqSorted(spec.untrusted ?? (spec.sources ?? []).filter((s) => s.startsWith('tool:')));
  const sources = uniqSorted([...(spec.sources ?? []), ...untrusted]);
  const readers = spec.readers === undefined || spec.readers === 'public' ? 'public' : lower(spec.readers);
  const l: Label = { sources, untrusted, readers, caps: uniqSorted(spec.caps ?? []) };
  return spec.verified !== undefined ? { ...l, verified: spec.verified } : l;
}

function toLabeled(spec: ArgSpec): LabeledValue {
  if (spec === null || typeof spec !== 'object' || Array.isArray(spec)) return labelDeep(spec, BOTTOM);
  const label = labelOf(spec);
  if (spec.items !== undefined) return { kind: 'array', label, items: spec.items.map(toLabeled) };
  if (spec.entries !== undefined) {
    const entries: Record<string, LabeledValue> = {};
    for (const [k, v] of Object.entries(spec.entries)) entries[k] = toLabeled(v);
    return { kind: 'object', label, entries };
  }
  return labelDeep(spec.value, label);
}

/** Parses a vectors file (a list of vectors, or `{userAddresses?, contacts?, vectors}`). */
export function parseVectors(text: string): { ok: true; vectors: Vector[] } | { ok: false; errors: PolicyError[] } {
  try {
    const parsed = parseYaml(text);
    if (!parsed.ok) return parsed;
    const src = parsed.source;
    const isList = Array.isArray(src.data);
    const schema = isList ? VectorListSchema : VectorFileSchema;
    if (!isList && (src.data === null || typeof src.data !== 'object')) {
      return {
        ok: false,
        errors: [
          {
            ...positionOf(src, []),
            message: `(root): expected a list of vectors or a mapping with vectors, got ${describe(src.data)}`,
          },
        ],
      };
    }
    const r = schema.safeParse(src.data);
    if (!r.success) return { ok: false, errors: sortErrors(issuesToErrors(r.error.issues, src, schema)) };
    const file = Array.isArray(r.data) ? { vectors: r.data } : r.data;
    const defaults: { userAddresses?: string[]; contacts?: string[] } = Array.isArray(r.data) ? {} : r.data;
    const errors: PolicyError[] = [];
    const vectors: Vector[] = [];
    (file.vectors ?? []).forEach((v, i) => {
      const base = isList ? [i] : ['vectors', i];
      const kind: ToolKind | undefined = v.kind ?? BUILTIN_TOOL_KINDS[v.tool];
      if (kind === undefined) {
        const path = [...base, 'tool'];
        errors.push({
          ...positionOf(src, path),
          message: `${formatPath(path)}: "${v.tool}" is not a built-in tool: give its kind`,
        });
        return;
      }
      const args: Record<string, LabeledValue> = {};
      for (const [k, a] of Object.entries(v.args ?? {})) args[k] = toLabeled(a);
      const call: GateCall = {
        tool: v.tool,
        kind,
        args,
        context: v.context ? labelOf(v.context) : BOTTOM,
        counters: v.counters ?? {},
        userAddresses: lower(v.userAddresses ?? defaults.userAddresses ?? []),
        contacts: lower(v.contacts ?? defaults.contacts ?? []),
      };
      vectors.push({
        name: v.name,
        call,
        ...(v.itemRecipients !== undefined ? { itemRecipients: v.itemRecipients } : {}),
        ...(v.itemAuthors !== undefined ? { itemAuthors: v.itemAuthors } : {}),
        expect: v.expect,
      });
    });
    if (errors.length) return { ok: false, errors: sortErrors(errors) };
    return { ok: true, vectors };
  } catch (e) {
    return {
      ok: false,
      errors: [{ line: 1, column: 1, message: `internal error: ${String((e as Error)?.message ?? e)}` }],
    };
  }
}

/** Runs every vector through the policy's gate. */
export function runVectors(policy: Policy, vectorsText: string, opts: PolicyGateOptions = {}): VectorsResult {
  const parsed = parseVectors(vectorsText);
  if (!parsed.ok) return parsed;
  const rows: VectorRow[] = parsed.vectors.map((v) => {
    const gate = policyGate(policy, {
      recipientsOf: (call) => v.itemRecipients ?? opts.recipientsOf?.(call),
      authorOf: (tool, item) => (v.itemAuthors !== undefined ? v.itemAuthors[item] : opts.authorOf?.(tool, item)),
    });
    const d = gate(v.call);
    const pass = d.decision === v.expect.decision && (v.expect.rule === undefined || v.expect.rule === d.rule);
    return {
      name: v.name,
      tool: v.call.tool,
      expected: v.expect.decision,
      ...(v.expect.rule !== undefined ? { expectedRule: v.expect.rule } : {}),
      got: d.decision,
      rule: d.rule,
      reasons: d.reasons,
      pass,
    };
  });
  const passed = rows.filter((r) => r.pass).length;
  return { ok: true, rows, passed, failed: rows.length - passed };
}

/** A plain-text table of vector results (one line per vector, reasons under failures). */
export function formatVectorRows(rows: readonly VectorRow[]): string {
  const lines: string[] = [];
  for (const r of rows) {
    const want = r.expectedRule ? `${r.expected} (${r.expectedRule})` : r.expected;
    lines.push(`${r.pass ? 'ok  ' : 'FAIL'} ${r.name}: expected ${want}, got ${r.got} (${r.rule})`);
    if (!r.pass) for (const why of r.reasons) lines.push(`       - ${why}`);
  }
  const passed = rows.filter((r) => r.pass).length;
  lines.push(`${passed} passed, ${rows.length - passed} failed`);
  return lines.join('\n');
}
