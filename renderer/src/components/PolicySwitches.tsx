/**
 * The policy's common switches as a form — deleting on or off, trusted recipients — editing the
 * YAML in the editor (comments kept), so the same validate → preview → save path applies and
 * the person sees exactly what changed before saving.
 */
import { parseDocument } from 'yaml';

interface Switches {
  readonly deleteEnabled: boolean;
  readonly recipients: readonly string[];
}

function read(yaml: string): Switches | null {
  const doc = parseDocument(yaml);
  if (doc.errors.length) return null;
  const recipients = (doc.getIn(['allowlists', 'recipients']) as { toJSON(): unknown } | undefined)?.toJSON();
  return {
    deleteEnabled: doc.getIn(['settings', 'deleteEnabled']) === true,
    recipients: Array.isArray(recipients) ? recipients.map(String) : [],
  };
}

function write(yaml: string, path: string[], value: unknown): string {
  const doc = parseDocument(yaml);
  doc.setIn(path, value);
  return doc.toString();
}

export function PolicySwitches({ yaml, onChange }: { yaml: string; onChange: (yaml: string) => void }) {
  const s = read(yaml);
  if (!s) return <p className="note">Fix the mistakes in the policy text below to use these switches.</p>;
  return (
    <fieldset className="switches">
      <legend>Common switches</legend>
      <label>
        <input
          type="checkbox"
          checked={s.deleteEnabled}
          onChange={(e) => onChange(write(yaml, ['settings', 'deleteEnabled'], e.target.checked))}
        />
        Allow deleting mail (each deletion still needs your approval)
      </label>
      <label>
        Trusted recipients (one per line; <code>*@example.com</code> for a whole domain)
        <textarea
          rows={3}
          value={s.recipients.join('\n')}
          onChange={(e) =>
            onChange(
              write(
                yaml,
                ['allowlists', 'recipients'],
                e.target.value
                  .split('\n')
                  .map((l) => l.trim())
                  .filter(Boolean),
              ),
            )
          }
        />
      </label>
    </fieldset>
  );
}
