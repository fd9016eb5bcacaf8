/**
 * What makes an email listing scale (listEmails, searchEmails): each item's body is cut to a
 * bound and marked as cut (`getEmail` gives the whole body), and `before` pages through the
 * whole mailbox. A listing of a busy mailbox then costs the run a bounded amount per item, so
 * a plan can read every subject of ten thousand messages within its memory.
 */
import { ToolError } from '../tools/types';
import type { Label } from '../ifc/label';
import type { LabeledValue } from '../ifc/labeled-value';
import type { Email } from './schema';

/** A listed item's body keeps at most this many UTF-16 units (about one screen of text). */
export const LIST_BODY_CHARS = 4_000;

/**
 * The listed form of an item: `body` cut to LIST_BODY_CHARS (never inside a surrogate pair) and
 * `bodyCut`, whether it was, labeled like the body (the body's length decides it).
 */
export function listedItem(item: LabeledValue): LabeledValue {
  if (item.kind !== 'object') return item;
  const body = item.entries.body;
  if (body?.kind !== 'prim' || typeof body.value !== 'string') return item;
  const text = body.value;
  const cut = text.length > LIST_BODY_CHARS;
  const end = cut && isHighSurrogate(text.charCodeAt(LIST_BODY_CHARS - 1)) ? LIST_BODY_CHARS - 1 : LIST_BODY_CHARS;
  return {
    ...item,
    entries: {
      ...item.entries,
      body: cut ? { ...body, value: text.slice(0, end) } : body,
      bodyCut: { kind: 'prim', value: cut, label: body.label },
    },
  };
}

const isHighSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;

/**
 * The hits after the email `before` in newest-first order (`sorted` is in that order): the next
 * page. The cursor is the id of an item a previous page returned; one this listing does not hold
 * (never listed, or moved or deleted since) is an error that says to start again.
 */
export function pageAfter(sorted: readonly Email[], before: string | undefined, label: Label): readonly Email[] {
  if (before === undefined) return sorted;
  const at = sorted.findIndex((e) => e.id === before);
  if (at < 0) throw notInListing(before, label);
  return sorted.slice(at + 1);
}

/** A cursor that names no email of the listing (labeled with the `before` argument). */
export const notInListing = (before: string, label: Label): ToolError =>
  new ToolError(
    'InvalidArguments',
    `before: expected the id of an email this listing holds (the last item of the previous page), ` +
      `found ${JSON.stringify(before)}; it may have been moved or deleted since: list again without before`,
    label,
  );
