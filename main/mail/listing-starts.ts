/**
 * The message starts of a first sync's listings (./message-start.ts: header block and text start),
 * from which a listing's snippet is read where its row is written (./listing-writer.ts): for a
 * session's slices, in the writer thread when it is idle (the starts go there as one transferred
 * buffer), else in the sync's thread as it hands them over.
 */
import type { StoredMessage } from '../store/repositories';
import type { MessageStart } from './message-start';
import { snippetOf } from './mime-snippet';

/** A slice's rows, each with the snippet of its start as its body where the slice gives starts. */
export function withSnippets(slice: {
  readonly rows: readonly StoredMessage[];
  readonly starts?: readonly (MessageStart | undefined)[];
}): readonly StoredMessage[] {
  const { rows, starts } = slice;
  if (!starts) return rows;
  return rows.map((m, i) => {
    const start = starts[i];
    return { ...m, body: start ? snippetOf(start.header, start.text) : '' };
  });
}

/**
 * A slice's starts as one buffer, transferred to the writer thread rather than copied (as JSON
 * text, bytes cost several times their size to write and read): each row's header block and
 * text start in turn, `bounds` where each ends (a row without a start has both empty).
 */
export function packStarts(starts: readonly (MessageStart | undefined)[]): { bytes: ArrayBuffer; bounds: number[] } {
  let size = 0;
  for (const s of starts) size += s ? s.header.length + s.text.length : 0;
  const bytes = new ArrayBuffer(size);
  const view = new Uint8Array(bytes);
  const bounds: number[] = [];
  let at = 0;
  for (const s of starts) {
    if (s) view.set(s.header, at);
    bounds.push((at += s?.header.length ?? 0));
    if (s) view.set(s.text, at);
    bounds.push((at += s?.text.length ?? 0));
  }
  return { bytes, bounds };
}

/** The starts `packStarts` packed, as views of its buffer. */
export function unpackStarts(bytes: ArrayBuffer, bounds: readonly number[]): MessageStart[] {
  const starts: MessageStart[] = [];
  for (let i = 0, at = 0; i < bounds.length; i += 2) {
    const header = new Uint8Array(bytes, at, bounds[i]! - at);
    const text = new Uint8Array(bytes, bounds[i]!, bounds[i + 1]! - bounds[i]!);
    starts.push({ header, text });
    at = bounds[i + 1]!;
  }
  return starts;
}
