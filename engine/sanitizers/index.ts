/**
 * Sanitizers: the checks that turn a value from untrusted data into a `verified(kind)` value,
 * and the tools that expose them to plans. `tools.ts` is the only place that mints `verified`.
 */
export {
  checkEmailAddress,
  parseEmailPattern,
  type EmailAllowlists,
  type EmailCheck,
  type EmailPattern,
} from './email-address';
export { checkUrl, parseUrlPattern, type UrlAllowlist, type UrlCheck, type UrlPattern } from './url';
export { checkAmount, type Amount, type AmountCheck, type AmountOptions } from './amount';
export { sanitizerTools, type SanitizerAllowlists, type SanitizerTools, type VerifiedKind } from './tools';
export { skeleton, latinLookalike } from './confusables';
export { mixedScripts, scriptsOf } from './scripts';
export { canonicalDomain, lookalikeOf, withinDomain } from './domain';
