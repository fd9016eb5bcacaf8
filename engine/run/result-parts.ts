/**
 * Where each part of a plan's result came from, so that a person sees today's date and their own
 * calendar as their own data even when the same result also lists mail. One label per top-level
 * entry (the deep join of that entry and the result's own label) and per item of a top-level array
 * (the deep join of that item and the result's own label: what the item says, not which items
 * the list holds — that is the array's own label, in its entry's), at most `max` of them: a result of thousands of items is not described item by
 * item, and a part past the cap falls back to the whole result's label (`RunReport.resultLabel`).
 */
import { BOTTOM, joinLabels, type Label } from '../ifc/label';
import { deepLabel, type LabeledValue } from '../ifc/labeled-value';

export interface ResultPart {
  /** `date`, `agenda`, `agenda[0]`; `[3]` for an item of a result that is an array. */
  readonly path: string;
  readonly label: Label;
}

export const MAX_RESULT_PARTS = 200;

export function resultParts(v: LabeledValue, max = MAX_RESULT_PARTS): ResultPart[] {
  const out: ResultPart[] = [];
  const items = (path: string, x: LabeledValue, above: Label): void => {
    if (x.kind !== 'array') return;
    for (const [i, item] of x.items.entries()) {
      if (out.length >= max) return;
      out.push({ path: `${path}[${i}]`, label: joinLabels(above, deepLabel(item)) });
    }
  };
  if (v.kind === 'object')
    for (const [key, entry] of Object.entries(v.entries)) {
      if (out.length >= max) break;
      out.push({ path: key, label: joinLabels(v.label, deepLabel(entry)) });
      items(key, entry, v.label);
    }
  else items('', v, BOTTOM);
  return out;
}
