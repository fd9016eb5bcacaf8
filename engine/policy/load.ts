/**
 * Policy text → a checked, resolved `Policy`, or errors that each carry `line:col`.
 *
 * Resolution of `extends` uses the preset texts it is given (by default the built-in presets),
 * never the file system. Merge rules (a child extending a preset):
 * - rules: the child's new rules come first; a child rule whose id is a preset rule's id
 *   replaces that rule in place; `disableRules` removes preset rules;
 * - allowlists: union; budgets and recipientArgs: per-key override;
 * - settings: per-key override (`bulkEgress` per field).
 *
 * `loadPolicy` never throws: every failure is a positioned error.
 */
import { PRESETS } from './presets';
import { DEFAULT_SETTINGS, PolicyDocumentSchema, type Policy, type PolicyDocument, type Rule } from './schema';
import {
  formatPath,
  issuesToErrors,
  parseYaml,
  positionOf,
  sortErrors,
  suggest,
  describe,
  type Path,
  type PolicyError,
} from './yaml-source';

export type { PolicyError } from './yaml-source';

export interface LoadOptions {
  /** Preset name → YAML text, for `extends`. Defaults to the built-in presets (`PRESETS`). */
  readonly presets?: Readonly<Record<string, string>>;
  /** When given, tool names in `tools:`, `budgets` and `recipientArgs` must be among these. */
  readonly knownTools?: readonly string[];
}

export type LoadResult = { ok: true; policy: Policy } | { ok: false; errors: PolicyError[] };

const MAX_EXTENDS_DEPTH = 8;

export function loadPolicy(text: string, opts: LoadOptions = {}): LoadResult {
  try {
    return loadInner(text, opts, []);
  } catch (e) {
    // Defence in depth: nothing above is expected to throw.
    return {
      ok: false,
      errors: [{ line: 1, column: 1, message: `internal error: ${String((e as Error)?.message ?? e)}` }],
    };
  }
}

function loadInner(text: string, opts: LoadOptions, chain: readonly string[]): LoadResult {
  const parsed = parseYaml(text);
  if (!parsed.ok) return parsed;
  const src = parsed.source;
  const data = src.data;
  if (data === null || data === undefined) {
    return {
      ok: false,
      errors: [{ line: 1, column: 1, message: '(root): the policy is empty; it needs at least `version: 1`' }],
    };
  }
  if (typeof data !== 'object' || Array.isArray(data)) {
    return {
      ok: false,
      errors: [
        { ...positionOf(src, []), message: `(root): a policy is a mapping (version, rules, …), got ${describe(data)}` },
      ],
    };
  }
  const r = PolicyDocumentSchema.safeParse(data);
  if (!r.success) {
    return { ok: false, errors: sortErrors(issuesToErrors(r.error.issues, src, PolicyDocumentSchema)) };
  }
  const doc = r.data;
  const errors: PolicyError[] = [];
  const err = (path: Path, message: string, key = false): void => {
    errors.push({ ...positionOf(src, path, key), message: `${formatPath(path)}: ${message}` });
  };
  checkDocument(doc, opts, err);

  let base: Policy | undefined;
  if (doc.extends !== undefined) {
    const presets = opts.presets ?? PRESETS;
    const name = doc.extends;
    if (chain.includes(name)) err(['extends'], `preset "${name}" extends itself (${[...chain, name].join(' → ')})`);
    else if (chain.length >= MAX_EXTENDS_DEPTH) err(['extends'], `presets extend each other too deeply`);
    else if (!Object.prototype.hasOwnProperty.call(presets, name)) {
      const names = Object.keys(presets).sort();
      const hint = suggest(name, names);
      err(
        ['extends'],
        `unknown preset "${name}"${hint ? ` (did you mean "${hint}"?)` : ''}; known: ${names.join(', ') || 'none'}`,
      );
    } else {
      const inner = loadInner(presets[name]!, { presets }, [...chain, name]);
      if (inner.ok) base = inner.policy;
      else {
        const first = inner.errors
          .slice(0, 3)
          .map((e) => `${e.line}:${e.column} ${e.message}`)
          .join('; ');
        err(['extends'], `preset "${name}" is invalid: ${first}`);
      }
    }
  }
  checkAgainstBase(doc, base, err);
  if (errors.length) return { ok: false, errors: sortErrors(errors) };
  return { ok: true, policy: deepFreeze(merge(base, doc)) };
}

type Err = (path: Path, message: string, key?: boolean) => void;

const RESERVED = [/^budget\//, /^policy\/no-match$/, /^gate\//];

function checkDocument(doc: PolicyDocument, opts: LoadOptions, err: Err): void {
  const rules = doc.rules ?? [];
  const seen = new Map<string, number>();
  rules.forEach((rule, i) => {
    const first = seen.get(rule.id);
    if (first !== undefined) err(['rules', i, 'id'], `duplicate rule id "${rule.id}" (first used by rules[${first}])`);
    else seen.set(rule.id, i);
    if (RESERVED.some((re) => re.test(rule.id)))
      err(
        ['rules', i, 'id'],
        `"${rule.id}" is reserved for decisions the engine makes itself (budget/…, policy/no-match, gate/…)`,
      );
    if (rule.risk !== undefined && rule.decision !== 'confirm')
      err(['rules', i, 'risk'], `risk is only used with decision: confirm (this rule decides ${rule.decision})`);
  });
  const known = opts.knownTools;
  if (known) {
    const set = new Set(known);
    const check = (path: Path, name: string, key: boolean): void => {
      if (set.has(name)) return;
      const hint = suggest(name, known);
      err(path, `unknown tool "${name}"${hint ? ` (did you mean "${hint}"?)` : ''}`, key);
    };
    rules.forEach((rule, i) => rule.tools?.forEach((t, k) => check(['rules', i, 'tools', k], t, false)));
    for (const t of Object.keys(doc.budgets ?? {})) if (t !== '*') check(['budgets', t], t, true);
    for (const t of Object.keys(doc.recipientArgs ?? {})) check(['recipientArgs', t], t, true);
  }
}

function checkAgainstBase(doc: PolicyDocument, base: Policy | undefined, err: Err): void {
  const disabled = doc.disableRules ?? [];
  if (disabled.length === 0) return;
  if (doc.extends === undefined) {
    err(['disableRules'], 'disableRules only applies to a policy that extends a preset', true);
    return;
  }
  if (!base) return; // the extends error is already reported
  const ids = new Set(base.rules.map((r) => r.id));
  const own = new Set((doc.rules ?? []).map((r) => r.id));
  disabled.forEach((id, k) => {
    if (!ids.has(id)) {
      const hint = suggest(id, [...ids]);
      err(
        ['disableRules', k],
        `preset "${doc.extends}" has no rule "${id}"${hint ? ` (did you mean "${hint}"?)` : ''}`,
      );
    } else if (own.has(id)) err(['disableRules', k], `rule "${id}" is both overridden in rules and disabled`);
  });
}

const union = (a: readonly string[], b: readonly string[]): string[] => [...new Set([...a, ...b])];

function toRule(r: NonNullable<PolicyDocument['rules']>[number]): Rule {
  const out: { -readonly [K in keyof Rule]: Rule[K] } = { id: r.id, decision: r.decision };
  if (r.description !== undefined) out.description = r.description;
  if (r.tools !== undefined) out.tools = r.tools;
  if (r.kinds !== undefined) out.kinds = r.kinds;
  if (r.when !== undefined) out.when = r.when;
  if (r.risk !== undefined) out.risk = r.risk;
  if (r.reason !== undefined) out.reason = r.reason;
  return out;
}

function merge(base: Policy | undefined, doc: PolicyDocument): Policy {
  const own = (doc.rules ?? []).map(toRule);
  let rules: Rule[];
  if (!base) rules = own;
  else {
    const baseIds = new Set(base.rules.map((r) => r.id));
    const byId = new Map(own.map((r) => [r.id, r]));
    const disabled = new Set(doc.disableRules ?? []);
    rules = [
      ...own.filter((r) => !baseIds.has(r.id)),
      ...base.rules.filter((r) => !disabled.has(r.id)).map((r) => byId.get(r.id) ?? r),
    ];
  }
  const baseSettings = base?.settings ?? DEFAULT_SETTINGS;
  const policy: Policy = {
    version: 1,
    name: doc.name ?? (doc.extends !== undefined ? `${doc.extends} (customised)` : 'policy'),
    ...(doc.extends !== undefined ? { extends: doc.extends } : {}),
    ...(doc.description !== undefined ? { description: doc.description } : {}),
    allowlists: {
      recipients: union(base?.allowlists.recipients ?? [], doc.allowlists?.recipients ?? []),
      urls: union(base?.allowlists.urls ?? [], doc.allowlists?.urls ?? []),
    },
    settings: {
      deleteEnabled: doc.settings?.deleteEnabled ?? baseSettings.deleteEnabled,
      bulkEgress: {
        maxUntrustedItems: doc.settings?.bulkEgress?.maxUntrustedItems ?? baseSettings.bulkEgress.maxUntrustedItems,
        maxPiiFindings: doc.settings?.bulkEgress?.maxPiiFindings ?? baseSettings.bulkEgress.maxPiiFindings,
      },
    },
    budgets: { ...(base?.budgets ?? {}), ...(doc.budgets ?? {}) },
    recipientArgs: { ...(base?.recipientArgs ?? {}), ...(doc.recipientArgs ?? {}) },
    rules,
  };
  return policy;
}

function deepFreeze<T>(v: T): T {
  if (v !== null && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k]);
  }
  return v;
}

/** Adds allowlist entries (e.g. a world file's `allowlists`) to a loaded policy. */
export function withAllowlists(
  policy: Policy,
  extra: { readonly recipients?: readonly string[]; readonly urls?: readonly string[] },
): Policy {
  return deepFreeze({
    ...policy,
    allowlists: {
      recipients: union(policy.allowlists.recipients, extra.recipients ?? []),
      urls: union(policy.allowlists.urls, extra.urls ?? []),
    },
  });
}

/** A built-in preset, loaded. Throws only if the shipped preset is broken (tests guard that). */
/** Presets are fixed text and a loaded policy is frozen: each is parsed once per process. */
const loadedPresets = new Map<string, Policy>();

export function presetPolicy(name: string): Policy {
  const known = loadedPresets.get(name);
  if (known) return known;
  const text = PRESETS[name];
  if (text === undefined) throw new Error(`unknown preset ${name}`);
  const r = loadPolicy(text);
  if (!r.ok)
    throw new Error(
      `preset ${name} is invalid: ${r.errors.map((e) => `${e.line}:${e.column} ${e.message}`).join('; ')}`,
    );
  loadedPresets.set(name, r.policy);
  return r.policy;
}
