/**
 * The quarantined extractor's interface. The default implementation is rule based and
 * deterministic (`ruleExtractor`); an LLM without tools can implement the same interface later.
 * An extractor never sees labels: the tools in `../tools.ts` label its output with the label of
 * its input, whatever the extractor does.
 */
import type { Json } from '../../ifc/labeled-value';
import type { JsonSchema } from './json-schema';

export interface ExtractContext {
  /** The world's current time (ISO), for relative dates such as "tomorrow 3pm". */
  readonly now: string;
}

export interface Extractor {
  /** Fills `schema` from `text`; throws `NotEnoughInformation` when it cannot, or when ambiguous. */
  extract(text: string, schema: JsonSchema, ctx: ExtractContext): Json | Promise<Json>;
  /** A short summary (first sentences, at most `maxWords` words). */
  summarize(text: string, opts: { readonly maxWords?: number }): string | Promise<string>;
  /** One of `labels`, exactly as given; throws `NotEnoughInformation` on a tie or no evidence. */
  classify(text: string, labels: readonly string[]): string | Promise<string>;
}

/**
 * The extractor could not answer: a required field is missing, or the text supports more than one
 * answer. Messages name the field and the reason only, never the text itself, nor the tool: the
 * engine puts the tool's name before every tool error (`extract: $.amount: no amount found`).
 */
export class NotEnoughInformation extends Error {
  override readonly name = 'NotEnoughInformation';
}
