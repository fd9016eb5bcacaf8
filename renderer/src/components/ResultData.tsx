/**
 * A part of Ask's result as a person reads it: a list of records as a table (an email's subject
 * opens it), a list of words as a list, a record as named lines, a value as text; "Show as
 * JSON" gives the data as the plan returned it, for those who want it.
 */
import { useState, type ReactNode } from 'react';
import type { AskResult } from '../../../preload/contract';
import { Chip } from './Chip';

type Part = AskResult['result'][number];
type Row = Readonly<Record<string, unknown>>;

/** A key as words: `dueToday`, `due_today` → "Due today". */
export function keyWords(key: string): string {
  const s = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return s.charAt(0).toUpperCase() + s.slice(1);
}

const isRow = (v: unknown): v is Row => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A value in one line of text: lists joined, records as "key: value". */
function inline(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (Array.isArray(v)) return v.map(inline).join(', ');
  if (isRow(v))
    return Object.entries(v)
      .map(([k, x]) => `${keyWords(k)}: ${inline(x)}`)
      .join('; ');
  return String(v);
}

/** The columns a table shows: every key its rows have, in order, without the ids a person never reads. */
function columnsOf(rows: readonly Row[]): string[] {
  const keys = new Set<string>();
  for (const r of rows) for (const k of Object.keys(r)) if (k !== 'id') keys.add(k);
  return [...keys];
}

/** An email's row (an id, a subject and a sender): its subject opens it in the Inbox. */
const opensEmail = (r: Row): r is Row & { id: string } => typeof r.id === 'string' && 'subject' in r && 'from' in r;

function RecordsTable({ rows, label }: { rows: readonly Row[]; label: string }) {
  const columns = columnsOf(rows);
  return (
    <table className="calls result-table" aria-label={label}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col">
              {keyWords(c)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={typeof r.id === 'string' ? r.id : i}>
            {columns.map((c) => (
              <td key={c}>
                {c === 'subject' && opensEmail(r) ? (
                  <a href={`#/inbox/${encodeURIComponent(r.id)}`}>{inline(r[c]) || '(no subject)'}</a>
                ) : (
                  inline(r[c])
                )}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Any value, readable: what a table, a list or named lines say best. */
export function DataView({ value, label }: { value: unknown; label: string }): ReactNode {
  if (value === null || value === undefined) return <p className="note">Nothing.</p>;
  if (Array.isArray(value)) {
    if (!value.length) return <p className="note">None.</p>;
    if (value.every(isRow)) return <RecordsTable rows={value} label={label} />;
    return (
      <ul className="result-list">
        {value.map((x, i) => (
          <li key={i}>{inline(x)}</li>
        ))}
      </ul>
    );
  }
  if (isRow(value))
    return (
      <dl className="result-record">
        {Object.entries(value).map(([k, x]) => (
          <div key={k}>
            <dt>{keyWords(k)}</dt>
            <dd>
              <DataView value={x} label={`${label}: ${keyWords(k)}`} />
            </dd>
          </div>
        ))}
      </dl>
    );
  return <p>{inline(value)}</p>;
}

/** The result's parts, each under its name with where it came from; a switch to the JSON. */
export function ResultData({ parts }: { parts: readonly Part[] }) {
  const [asJson, setAsJson] = useState(false);
  return (
    <div className="result-parts">
      <button type="button" aria-pressed={asJson} onClick={() => setAsJson(!asJson)}>
        {asJson ? 'Show as tables' : 'Show as JSON'}
      </button>
      {parts.map((part) => (
        <section key={part.path} aria-label={keyWords(part.path)}>
          <h3>
            {keyWords(part.path)} <Chip tone={part.untrusted ? 'bad' : 'ok'}>{part.provenance}</Chip>
          </h3>
          {asJson || part.data === undefined ? (
            <pre>{asJson && part.data !== undefined ? JSON.stringify(part.data, null, 2) : part.value}</pre>
          ) : (
            <DataView value={part.data} label={keyWords(part.path)} />
          )}
        </section>
      ))}
    </div>
  );
}
