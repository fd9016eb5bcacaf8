/**
 * A part of Ask's result as a person reads it: a list of records as a table (an email's subject
 * opens it), a list of words as a list, a record as named lines, a value as text; "Show as
 * JSON" gives the data as the plan returned it, for those who want it.
 */
import { useState, type ReactNode } from 'react';
import type { AskResult } from '../../../preload/contract';
import { Chip } from './Chip';
import { formatClockRange, formatDay, formatSpan, formatWhen, sameDay } from '../time-format';

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

/** A date and time as the plan returned it (ISO): shown in the person's format, as the answer's text is (a date alone too). */
const isTime = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v);

/** A value in one line of text: lists joined, records as "key: value". */
function inline(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (isTime(v)) return formatWhen(v);
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return formatDay(v);
  if (Array.isArray(v)) return v.map(inline).join(', ');
  if (isRow(v))
    return Object.entries(v)
      .map(([k, x]) => `${keyWords(k)}: ${inline(x)}`)
      .join('; ');
  return String(v);
}

const TIME = 'time';

/**
 * Rows with a start and an end (events): one "Time" column in their place, written as the
 * answer's text writes it: "9:30–9:45 AM" when every row is on the same day, else with the day.
 */
function spansOf(rows: readonly Row[]): ((r: Row) => string) | null {
  if (!rows.every((r) => isTime(r.start) && isTime(r.end))) return null;
  const days = new Set(rows.map((r) => formatDay(r.start as string)));
  const oneDay = days.size === 1 && rows.every((r) => sameDay(r.start as string, r.end as string));
  return (r) => (oneDay ? formatClockRange : formatSpan)(r.start as string, r.end as string);
}

/** The columns a table shows: every key its rows have, in order, without the ids a person never reads. */
function columnsOf(rows: readonly Row[], spans: boolean): string[] {
  const keys = new Set<string>();
  for (const r of rows)
    for (const k of Object.keys(r)) {
      if (k === 'id') continue;
      if (spans && (k === 'start' || k === 'end')) keys.add(TIME);
      else keys.add(k);
    }
  return [...keys];
}

/** An email's row (an id, a subject and a sender): its subject opens it in the Inbox. */
const opensEmail = (r: Row): r is Row & { id: string } => typeof r.id === 'string' && 'subject' in r && 'from' in r;

function RecordsTable({ rows, label }: { rows: readonly Row[]; label: string }) {
  const span = spansOf(rows);
  const columns = columnsOf(rows, span !== null);
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
                ) : c === TIME && span ? (
                  span(r)
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
