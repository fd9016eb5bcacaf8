/**
 * The tool-output firewall: scans every tool output before it enters the sandbox and tags the
 * parts where it finds secrets, PII or prompt-injection text with caps. Start at
 * firewall-value.ts; the injection patterns are data in patterns.embed.yaml.
 */
export { CAPS, type Cap, type Finding } from './finding';
export { scanText, capsOf, type ScanOptions } from './scan';
export { firewallValue, DEFAULT_MAX_CHARS_PER_LEAF, type FirewallOptions, type FirewallResult } from './firewall-value';
export {
  DEFAULT_PATTERNS,
  INJECTION_CATEGORIES,
  loadPatternSet,
  PatternFileError,
  type InjectionCategory,
  type InjectionPattern,
  type PatternSet,
} from './patterns';
export { regexSafetyProblem } from './regex-safety';
export { luhnValid, cardBrand } from './cards';
export { ibanValid, ibanChecksumValid } from './iban';
export { ssnStructureValid } from './ssn';
export { decodeBase64Text } from './injection';
