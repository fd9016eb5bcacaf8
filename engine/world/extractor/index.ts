/** The default, rule-based quarantined extractor (deterministic; no model, no network). */
import { classifyText } from './classify';
import { extractBySchema } from './extract';
import { summarizeText } from './summarize';
import type { Extractor } from './types';

export const ruleExtractor: Extractor = Object.freeze({
  extract: extractBySchema,
  summarize: (text: string, opts: { readonly maxWords?: number }) => summarizeText(text, opts.maxWords),
  classify: classifyText,
});

export { NotEnoughInformation, type ExtractContext, type Extractor } from './types';
export { JsonSchemaSchema, validateAgainst, type JsonSchema } from './json-schema';
export { findDates, type DateMention } from './dates';
export { findPlaces } from './places';
export { findAmounts, parseNumber, type AmountMention } from './amounts';
export { findActionItems } from './actions';
export { classifyText } from './classify';
export { summarizeText } from './summarize';
export { findEmails, findUrls, findPhones, findIbans, findCodes } from './patterns';
