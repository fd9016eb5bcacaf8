/**
 * The policy document's schema (zod 4). Every object is strict: an unknown key is an error, so a
 * typo (`recipents:`) can never silently turn a rule into "always matches". The JSON Schema in
 * `policies/schema.json` is generated from this file (`scripts/gen-policy-schema.ts`).
 *
 * Checks that need more than one node (duplicate rule ids, `risk` only with `confirm`, known tool
 * names, `extends`) live in `load.ts`.
 */
import * as z from 'zod';
import { TOOL_KINDS } from '../tools/types';
import type { ToolKind } from '../tools/types';

export const DECISIONS = ['allow', 'deny', 'confirm'] as const;
export const RISKS = ['low', 'medium', 'high'] as const;
/** Tool kinds a rule can name (the engine's list: engine/tools/types.ts). */
export const KINDS = TOOL_KINDS;

export type DecisionName = (typeof DECISIONS)[number];

/** A content tag, or a prefix pattern such as `PII_*`. */
const Cap = z
  .string()
  .regex(/^[A-Z][A-Z0-9_]*\*?$/, { message: 'a cap is UPPER_SNAKE_CASE, optionally ending in * (e.g. SECRET, PII_*)' });
const CapList = z.array(Cap).min(1);
const FieldList = z.array(z.string().min(1)).min(1);
const Count = z.number().int().min(0);

const hasTest = (o: object): boolean => Object.keys(o).length > 0;
const nonEmpty = (what: string) => ({ message: `${what} must contain at least one test` });

/** Tests over argument fields: every key given must hold. */
export interface ArgsTest {
  /** Argument names to look at (default: every argument of the call). */
  fields?: string[];
  /** Some listed field carries one of these caps. */
  capsAny?: string[];
  /** true: every listed field is trusted; false: some listed field is untrusted. */
  trusted?: boolean;
  /** true: every listed field that is present carries `verified(<kind>)`. */
  verified?: string;
  /** (`args` only) every value of the listed fields is one of these strings (e.g. an RSVP answer). */
  oneOf?: string[];
}

export interface DataTest {
  capsAny?: string[];
  trusted?: boolean;
}

export interface RecipientsTest {
  /** true: the call has no recipients (e.g. an event without attendees). */
  none?: boolean;
  /** true: the recipients are known to the gate (false for a reply whose email is unknown). */
  known?: boolean;
  /** true: every recipient is trusted (your address, a contact, allowlisted, verified, or typed). */
  allTrusted?: boolean;
  /** true: every recipient may read every data argument. */
  allReaders?: boolean;
  /** true: every recipient may read these arguments (those present). */
  canRead?: string[];
  /** true: there is at least one recipient and all are your own addresses. */
  onlyUser?: boolean;
  /** true: every recipient matches `allowlists.recipients`. */
  allAllowlisted?: boolean;
  /** More than this many recipients. */
  countOver?: number;
}

export interface ContextTest {
  /** true: the control context is trusted (nothing untrusted decided that the call happens). */
  trusted?: boolean;
  capsAny?: string[];
  /** true: every recipient may read the control context (why the call happens). */
  readableByRecipients?: boolean;
}

export interface BulkTest {
  untrustedItemsOver?: number;
  piiFindingsOver?: number;
}

export interface Condition {
  all?: Condition[];
  any?: Condition[];
  not?: Condition;
  args?: ArgsTest;
  data?: DataTest;
  recipients?: RecipientsTest;
  context?: ContextTest;
  selfScoped?: boolean;
  authoredByRecipients?: boolean;
  organisedByTrusted?: boolean;
  deleteEnabled?: boolean;
  bulkEgress?: boolean;
  bulk?: BulkTest;
}

const ArgsTestSchema = z
  .strictObject({
    fields: FieldList.optional(),
    capsAny: CapList.optional(),
    trusted: z.boolean().optional(),
    verified: z.string().min(1).optional(),
    oneOf: z.array(z.string()).min(1).optional(),
  })
  .refine(hasTest, nonEmpty('an args test'));

const DataTestSchema = z
  .strictObject({ capsAny: CapList.optional(), trusted: z.boolean().optional() })
  .refine(hasTest, nonEmpty('a data test'));

const RecipientsTestSchema = z
  .strictObject({
    none: z.boolean().optional(),
    known: z.boolean().optional(),
    allTrusted: z.boolean().optional(),
    allReaders: z.boolean().optional(),
    canRead: FieldList.optional(),
    onlyUser: z.boolean().optional(),
    allAllowlisted: z.boolean().optional(),
    countOver: Count.optional(),
  })
  .refine(hasTest, nonEmpty('a recipients test'));

const ContextTestSchema = z
  .strictObject({
    trusted: z.boolean().optional(),
    capsAny: CapList.optional(),
    readableByRecipients: z.boolean().optional(),
  })
  .refine(hasTest, nonEmpty('a context test'));

const BulkTestSchema = z
  .strictObject({ untrustedItemsOver: Count.optional(), piiFindingsOver: Count.optional() })
  .refine(hasTest, nonEmpty('a bulk test'));

export const ConditionSchema: z.ZodType<Condition> = z
  .lazy(() =>
    z.strictObject({
      all: z.array(ConditionSchema).min(1).optional(),
      any: z.array(ConditionSchema).min(1).optional(),
      not: ConditionSchema.optional(),
      args: ArgsTestSchema.optional(),
      data: DataTestSchema.optional(),
      recipients: RecipientsTestSchema.optional(),
      context: ContextTestSchema.optional(),
      selfScoped: z.boolean().optional(),
      authoredByRecipients: z.boolean().optional(),
      organisedByTrusted: z.boolean().optional(),
      deleteEnabled: z.boolean().optional(),
      bulkEgress: z.boolean().optional(),
      bulk: BulkTestSchema.optional(),
    }),
  )
  .meta({ id: 'Condition', description: 'Every key given must hold (an empty condition always holds).' });

const RuleId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.:/-]*$/, {
  message: 'a rule id is letters, digits and _ . : / - (e.g. email/secret)',
});

export const RuleSchema = z.strictObject({
  id: RuleId,
  description: z.string().optional(),
  tools: z.array(z.string().min(1)).min(1).optional(),
  kinds: z.array(z.enum(KINDS)).min(1).optional(),
  when: ConditionSchema.optional(),
  decision: z.enum(DECISIONS),
  risk: z.enum(RISKS).optional(),
  reason: z.string().optional(),
});

export const PolicyDocumentSchema = z
  .strictObject({
    version: z.literal(1),
    name: z.string().min(1).optional(),
    description: z.string().optional(),
    extends: z.string().min(1).optional(),
    allowlists: z
      .strictObject({
        recipients: z.array(z.string().min(1)).optional(),
        urls: z.array(z.string().min(1)).optional(),
      })
      .optional(),
    settings: z
      .strictObject({
        deleteEnabled: z.boolean().optional(),
        bulkEgress: z
          .strictObject({ maxUntrustedItems: Count.optional(), maxPiiFindings: Count.optional() })
          .optional(),
      })
      .optional(),
    budgets: z.record(z.string().min(1), Count).optional(),
    recipientArgs: z.record(z.string().min(1), FieldList).optional(),
    disableRules: z.array(z.string().min(1)).optional(),
    rules: z.array(RuleSchema).optional(),
  })
  .meta({
    title: 'Zamburak policy',
    description: 'A declarative policy for the Zamburak tool-call gate (engine/policy/README.md).',
  });

export type RuleDoc = z.infer<typeof RuleSchema>;
export type PolicyDocument = z.infer<typeof PolicyDocumentSchema>;

/** A rule as the gate uses it. */
export interface Rule {
  readonly id: string;
  readonly description?: string;
  readonly tools?: readonly string[];
  readonly kinds?: readonly ToolKind[];
  readonly when?: Condition;
  readonly decision: DecisionName;
  readonly risk?: (typeof RISKS)[number];
  readonly reason?: string;
}

/** A loaded policy: presets resolved, defaults filled in. */
export interface Policy {
  readonly version: 1;
  readonly name: string;
  /** The preset this policy extends, if any. */
  readonly extends?: string;
  readonly description?: string;
  readonly allowlists: { readonly recipients: readonly string[]; readonly urls: readonly string[] };
  readonly settings: {
    readonly deleteEnabled: boolean;
    readonly bulkEgress: { readonly maxUntrustedItems: number; readonly maxPiiFindings: number };
  };
  /** Per-run cap per tool; `*` is the cap of every tool not listed. */
  readonly budgets: Readonly<Record<string, number>>;
  /** Argument names holding recipient addresses, per tool (adds to or overrides the built-ins). */
  readonly recipientArgs: Readonly<Record<string, readonly string[]>>;
  readonly rules: readonly Rule[];
}

export const DEFAULT_SETTINGS: Policy['settings'] = Object.freeze({
  deleteEnabled: false,
  bulkEgress: Object.freeze({ maxUntrustedItems: 5, maxPiiFindings: 3 }),
});

/** The JSON Schema of a policy document, as written to `policies/schema.json`. */
export function policyJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(PolicyDocumentSchema, { target: 'draft-2020-12', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
}

/** `policies/schema.json` exactly (pretty-printed, trailing newline). */
export const policyJsonSchemaText = (): string => `${JSON.stringify(policyJsonSchema(), null, 2)}\n`;
