/**
 * The policy engine's public surface: load a YAML policy (with presets), turn it into a gate,
 * run test vectors. Pure: no files, no network. Format and semantics: README.md.
 */
export { loadPolicy, presetPolicy, withAllowlists, type LoadOptions, type LoadResult } from './load';
export { policyGate, evaluatePolicy, NO_MATCH_RULE, type PolicyGateOptions } from './evaluate';
export { runVectors, parseVectors, formatVectorRows, type Vector, type VectorRow, type VectorsResult } from './vectors';
export { PRESETS, PRESET_NAMES } from './presets';
export {
  PolicyDocumentSchema,
  RuleSchema,
  ConditionSchema,
  policyJsonSchema,
  DEFAULT_SETTINGS,
  type Policy,
  type PolicyDocument,
  type Rule,
  type Condition,
  type ArgsTest,
  type DataTest,
  type RecipientsTest,
  type ContextTest,
  type BulkTest,
  type DecisionName,
} from './schema';
export type { PolicyError } from './yaml-source';
export { BUILTIN_TOOL_KINDS, BUILTIN_TOOLS, BUILTIN_RECIPIENTS, type RecipientShape } from './tools';
export { itemOfSource, matchRecipient, matchUrl, parseAddress } from './match';
