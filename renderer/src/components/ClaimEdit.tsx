/**
 * Review → Edit: rewrite a pending claim's text (subject, body, comment, an event's title or
 * description) before approving it. Recipients, times and the item acted on are not editable:
 * changing those is a different decision (reject, and ask for what you want). Saving re-hashes
 * the claim; the card then shows the edit as your own words, and approval binds to it.
 */
import { useState } from 'react';
import type { ClaimView } from '../../../preload/contract';
import { api } from '../api';
import { useApp } from '../store';

const EDITABLE = ['subject', 'body', 'comment', 'title', 'description'] as const;
type Editable = (typeof EDITABLE)[number];

/** The claim's text fields a person may rewrite (those it has, as strings). */
export const editableFields = (c: ClaimView): Editable[] => EDITABLE.filter((k) => typeof c.args[k] === 'string');

export function ClaimEditForm({
  c,
  onSaved,
  onCancel,
}: {
  c: ClaimView;
  onSaved: (c: ClaimView) => void;
  onCancel: () => void;
}) {
  const fields = editableFields(c);
  const [draft, setDraft] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((k) => [k, String(c.args[k])])),
  );
  const report = useApp((s) => s.report);
  const save = async () => {
    const changed: Partial<Record<Editable, string>> = Object.fromEntries(
      fields.filter((k) => draft[k] !== c.args[k]).map((k) => [k, draft[k]!]),
    );
    if (Object.keys(changed).length === 0) return onCancel();
    try {
      onSaved(await api.claims.edit(c.id, c.contentHash, changed));
    } catch (e) {
      report(e);
    }
  };
  return (
    <form
      className="decide edit"
      aria-label="Edit before approving"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {fields.map((k) => (
        <label key={k}>
          {k}
          {k === 'body' || k === 'description' || k === 'comment' ? (
            <textarea
              rows={8}
              maxLength={100_000}
              value={draft[k]}
              onChange={(e) => setDraft({ ...draft, [k]: e.target.value })}
            />
          ) : (
            <input maxLength={1000} value={draft[k]} onChange={(e) => setDraft({ ...draft, [k]: e.target.value })} />
          )}
        </label>
      ))}
      <p className="note">Who receives it and what it acts on stay as shown; to change those, reject it.</p>
      <button type="submit" className="approve">
        Save the edit
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
