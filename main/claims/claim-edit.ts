/**
 * A person's edit of a pending claim: the text they may rewrite before approving (a subject, a
 * body, a comment, an event's title or description) — never who receives it, when it happens or
 * which item it acts on, which would be a different decision. Edited fields become the person's
 * own words in the lineage; the content hash is recomputed, so approval binds to the edit.
 */
import type { Json } from '../../engine/ifc/labeled-value';
import type { FieldLineage } from '../../engine/run/types';
import { ClaimError, type ClaimAction, type ClaimRow } from './claim-store';
import { EDITABLE_TEXT } from './editable-text';

const MAX_TEXT = 100_000;

export function editedAction(
  c: ClaimRow,
  patch: Readonly<Record<string, string>>,
): { action: ClaimAction; fields: FieldLineage[]; edited: string[] } {
  const edited = Object.keys(patch).filter((k) => patch[k] !== c.action.args[k]);
  for (const key of Object.keys(patch)) {
    if (!EDITABLE_TEXT.includes(key) || typeof c.action.args[key] !== 'string')
      throw new ClaimError(
        'not-editable',
        `claim ${c.id}: ${key} cannot be edited here (a ${c.action.tool} lets you rewrite ${EDITABLE_TEXT.filter((k) => typeof c.action.args[k] === 'string').join(', ') || 'nothing'}); reject it to change anything else`,
      );
    if (patch[key]!.length > MAX_TEXT)
      throw new ClaimError('not-editable', `claim ${c.id}: ${key} is over 100,000 characters`);
  }
  const old = c.fields as unknown as FieldLineage[];
  const fields: FieldLineage[] = [
    ...old.filter((f) => !edited.includes(f.path)),
    ...edited.map((path) => ({
      path,
      sources: ['user'],
      untrusted: [],
      readers: old.find((f) => f.path === path)?.readers ?? 'public',
      caps: [],
      lineage: null,
    })),
  ];
  return {
    action: { tool: c.action.tool, args: { ...c.action.args, ...patch } as Record<string, Json> },
    fields,
    edited,
  };
}
