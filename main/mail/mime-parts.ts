/**
 * A cap on the MIME parts of one message that are parsed. Every part costs the parser a node, its
 * headers and a decoder: a hostile message of 50,000 tiny parts kept the parse worker busy for
 * seconds (and every attachment would be stored). The message is cut before its first part past
 * the cap, so the parser reads the rest as never sent; `parse.ts` names how many were left out.
 * The message itself (on its server) keeps them all.
 */

export const MAX_MIME_PARTS = 1000;

/** `boundary=` parameters a message declares (its own and its nested multiparts'). */
const BOUNDARY = /boundary\s*=\s*(?:"([^"\r\n]+)"|([^\s;"]+))/gi;
/** A line that may open a part: `--` and a boundary (a closing `--boundary--` is not one). */
const DELIMITER = /^--([^\r\n]*?)[ \t]*\r?$/gm;

export interface CappedSource {
  /** The source up to the first part past the cap (the whole source when it has no more). */
  readonly source: Uint8Array;
  /** How many parts were left out. */
  readonly omitted: number;
}

export function capMimeParts(source: Uint8Array, max = MAX_MIME_PARTS): CappedSource {
  // Latin-1: one character per byte, so a position in the text is the same in the bytes.
  const text = Buffer.from(source.buffer, source.byteOffset, source.byteLength).toString('latin1');
  const boundaries = new Set<string>();
  for (const m of text.matchAll(BOUNDARY)) boundaries.add((m[1] ?? m[2])!);
  if (boundaries.size === 0) return { source, omitted: 0 };
  let parts = 0;
  let cut = -1;
  for (const m of text.matchAll(DELIMITER)) {
    if (!boundaries.has(m[1]!)) continue;
    parts++;
    if (parts === max + 1) cut = m.index;
  }
  return cut < 0 ? { source, omitted: 0 } : { source: source.subarray(0, cut), omitted: parts - max };
}
