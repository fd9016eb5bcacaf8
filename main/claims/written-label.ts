/**
 * The label of what a claim's action writes into an item (engine/world `writtenBy`): the join of
 * every argument's label and of the control context the call was made under. It is read from the
 * lineage the engine recorded with the claim (`fields`, `context`), never from the arguments'
 * text, so an event a run filled from an email keeps that email's label after the outbox has
 * written it to a real account's calendar and a sync has brought it back.
 */
import { BOTTOM, joinLabels, type Label } from '../../engine/ifc/label';
import type { Json } from '../../engine/ifc/labeled-value';
import type { CalendarEvent } from '../../engine/world';
import type { ClaimRow } from './claim-store';

type Stored = NonNullable<CalendarEvent['written']>;

const strings = (v: Json | undefined): string[] => (Array.isArray(v) ? v.filter((s) => typeof s === 'string') : []);

/** A label as the lineage stores it (FieldLineage, a Label as JSON); anything else fails closed. */
function labelOf(v: Json, where: string): Label {
  if (!v || typeof v !== 'object' || Array.isArray(v) || !Array.isArray(v.sources))
    throw new Error(
      `${where}: expected a recorded label {sources, untrusted, readers, caps}, found ${JSON.stringify(v)}`,
    );
  return {
    sources: [...new Set(strings(v.sources))].sort(),
    untrusted: [...new Set(strings(v.untrusted))].sort(),
    readers: v.readers === 'public' ? 'public' : [...new Set(strings(v.readers))].sort(),
    caps: [...new Set(strings(v.caps))].sort(),
  };
}

/** What the claim's action writes, as an event stores it (`events.written`); none when bottom. */
export function writtenOfClaim(claim: Pick<ClaimRow, 'id' | 'fields' | 'context'>, prior?: Stored): Stored | undefined {
  const fields = Array.isArray(claim.fields) ? claim.fields : [];
  // A claim from before the context was recorded (an empty list) has only its fields to go by.
  const context = Array.isArray(claim.context) ? [] : [labelOf(claim.context, `claim ${claim.id} context`)];
  const l = joinLabels(
    BOTTOM,
    ...(prior ? [labelOf(prior as unknown as Json, `claim ${claim.id} prior label`)] : []),
    ...context,
    ...fields.map((f, i) => labelOf(f, `claim ${claim.id} field ${i}`)),
  );
  if (!l.sources.length && !l.caps.length && l.readers === 'public') return undefined;
  return {
    sources: [...l.sources],
    untrusted: [...l.untrusted],
    readers: l.readers === 'public' ? 'public' : [...l.readers],
    caps: [...l.caps],
  };
}
