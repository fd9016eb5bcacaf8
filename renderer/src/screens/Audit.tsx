/**
 * Audit: every entry in one sentence ("You rejected: send an email to ap-desk@…"), newest
 * first, 300 at a time with "Show older entries" for the rest; filtered by what happened (a kind
 * in words, or a group of them: the query is the kind's prefix, such as `claim.`), tool,
 * decision, rule or where it came from: the rule in its words or its id, the source by an email's
 * subject or sender or by its id. An entry opens with its
 * raw data; "Check the log" is green, or red naming the first entry that does not hold. Exports:
 * a sealed bundle for an auditor's public key, or the filtered entries as CSV or JSON to read.
 */
import { useCallback, useEffect, useState } from 'react';
import type { AuditRow, VerifyView } from '../../../preload/contract';
import { api } from '../api';
import { Chip, decisionTone } from '../components/Chip';
import { DataTable } from '../components/DataTable';
import { DECISION_WORDS, KIND_GROUPS, kindWords } from '../audit-kinds';
import { count } from '../format';
import { useKeys } from '../keys';
import { useApp } from '../store';

const PAGE = 300;
/** The filters typed in; "what happened" and "decision" are choices above them. */
const TYPED = [
  ['tool', 'Tool', 'Its words or its id'],
  ['rule', 'Policy rule', 'Its words or its id'],
  ['source', 'Came from', 'A subject or a sender'],
] as const;
type Filter = Partial<Record<(typeof TYPED)[number][0] | 'kindPrefix' | 'decision', string>>;
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

export function AuditScreen() {
  const [filter, setFilter] = useState<Filter>({});
  const [rows, setRows] = useState<AuditRow[]>([]);
  const [more, setMore] = useState(false);
  const [open, setOpen] = useState<AuditRow | null>(null);
  const [verify, setVerify] = useState<VerifyView | null>(null);
  const [publicKey, setPublicKey] = useState('');
  const [download, setDownload] = useState<{ url: string; name: string; text: string } | null>(null);
  const report = useApp((s) => s.report);
  const query = useCallback(() => Object.fromEntries(Object.entries(filter).filter(([, v]) => v)), [filter]);
  const load = useCallback(
    (before?: number) => {
      api.audit
        .list({ ...query(), limit: PAGE, ...(before ? { before } : {}) })
        .then((page) => {
          setRows((r) => (before ? [...r, ...page] : page));
          setMore(page.length === PAGE);
        })
        .catch(report);
    },
    [query, report],
  );
  useEffect(() => load(), [load]);
  // j and k open the next and previous entry (the first with none open), as they move in the Inbox and Review.
  const step = (by: number) => {
    const i = open ? rows.findIndex((r) => r.seq === open.seq) : -1;
    const next = rows[i < 0 ? 0 : i + by];
    if (next) setOpen(next);
  };
  useKeys({ j: () => step(1), k: () => step(-1), Escape: () => setOpen(null) });
  useEffect(() => {
    if (open) document.querySelector('.audit-table tr[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [open]);
  // The open entry's sources in words, asked for once it opens (the list leaves them out).
  const [named, setNamed] = useState<{ seq: number; words: readonly string[] } | null>(null);
  useEffect(() => {
    if (open?.sources.length)
      api.audit
        .get(open.seq)
        .then((e) => setNamed({ seq: e.seq, words: e.sourceWords ?? e.sources }))
        .catch(report);
  }, [open, report]);
  const cameFrom = (row: AuditRow) => (named?.seq === row.seq ? named.words : []);

  const offer = (text: string, name: string, type: string, what: string) => {
    if (download) URL.revokeObjectURL(download.url);
    setDownload({ url: URL.createObjectURL(new Blob([text], { type })), name, text: what });
  };
  const exportBundle = async () => {
    try {
      const r = await api.audit.export(publicKey.trim());
      offer(
        r.bundle,
        'zamburak-audit.bundle',
        'application/json',
        `the sealed bundle (${count(r.entries, 'entry', 'entries')})`,
      );
    } catch (e) {
      report(e);
    }
  };
  const exportTable = async (format: 'csv' | 'json') => {
    try {
      const r = await api.audit.exportTable(query(), format);
      offer(
        r.text,
        `zamburak-audit.${format}`,
        format === 'csv' ? 'text/csv' : 'application/json',
        `${count(r.entries, 'entry', 'entries')} as ${format.toUpperCase()}`,
      );
    } catch (e) {
      report(e);
    }
  };

  return (
    <div className="audit pane">
      <h1>Audit</h1>
      <div className="toolbar">
        <button type="button" onClick={() => api.audit.verify().then(setVerify).catch(report)}>
          Check the log
        </button>
        {!verify && <p className="note">Checks that no entry of this log was changed, removed or put in afterwards.</p>}
        {verify && (
          <p className={`verify ${verify.ok ? 'ok' : 'bad'}`} role="status">
            {verify.ok
              ? `${count(verify.checked, 'entry', 'entries')} checked: none was changed, removed or put in afterwards.`
              : `The log was tampered with at entry ${verify.problem?.seq}: ${verify.problem?.message}`}
          </p>
        )}
      </div>
      <form
        className="filters"
        aria-label="Filter"
        onSubmit={(e) => {
          e.preventDefault();
          load();
        }}
      >
        {/* Named by `htmlFor`, not by wrapping: a wrapped select's name would take in its options. */}
        <div>
          <label htmlFor="audit-kind">What happened</label>
          <select
            id="audit-kind"
            value={filter.kindPrefix ?? ''}
            onChange={(e) => setFilter({ ...filter, kindPrefix: e.target.value })}
          >
            <option value="">Anything</option>
            {KIND_GROUPS.map((g) => (
              <optgroup key={g.label} label={g.label}>
                {g.prefix && <option value={g.prefix}>{g.all}</option>}
                {g.kinds.map(([kind, words]) => (
                  <option key={kind} value={kind}>
                    {words}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-decision">Decision</label>
          <select
            id="audit-decision"
            value={filter.decision ?? ''}
            onChange={(e) => setFilter({ ...filter, decision: e.target.value })}
          >
            <option value="">Any</option>
            {Object.entries(DECISION_WORDS).map(([d, words]) => (
              <option key={d} value={d}>
                {words}
              </option>
            ))}
          </select>
        </div>
        {TYPED.map(([f, label, hint]) => (
          <label key={f}>
            {label}
            <input
              value={filter[f] ?? ''}
              placeholder={hint}
              onChange={(e) => setFilter({ ...filter, [f]: e.target.value })}
            />
          </label>
        ))}
      </form>
      <div className="audit-body">
        <div>
          <DataTable
            className="audit-table"
            rows={rows}
            rowKey={(r) => r.seq}
            selected={(r) => open?.seq === r.seq}
            onRow={setOpen}
            columns={[
              [
                '#',
                (r) => (
                  <button type="button" className="link" onClick={() => setOpen(r)}>
                    {r.seq}
                  </button>
                ),
              ],
              ['Time', (r) => <time dateTime={r.at}>{when(r.at)}</time>],
              ['What happened', (r) => r.sentence],
              [
                'Decision',
                (r) =>
                  r.decision && <Chip tone={decisionTone(r.decision)}>{DECISION_WORDS[r.decision] ?? r.decision}</Chip>,
              ],
              ['Kind', (r) => <span title={r.kind}>{kindWords(r.kind)}</span>],
            ]}
          />
          <p className="paging">
            {count(rows.length, 'entry', 'entries')} shown.{' '}
            {more && (
              <button type="button" onClick={() => load(rows[rows.length - 1]?.seq)}>
                Show older entries
              </button>
            )}
          </p>
        </div>
        {open && (
          <aside className="drawer" aria-label={`Entry ${open.seq}`}>
            <h2>
              Entry {open.seq}: {kindWords(open.kind)}
            </h2>
            <p>{open.sentence}</p>
            {cameFrom(open).length > 0 && (
              <p title={open.sources.slice(0, 12).join(', ')}>
                Came from: {cameFrom(open).slice(0, 12).join('; ')}
                {cameFrom(open).length > 12 ? `; and ${cameFrom(open).length - 12} more` : ''}
              </p>
            )}
            <details className="recorded">
              <summary>The entry as recorded, for an auditor</summary>
              <pre className="code">{JSON.stringify(open.data, null, 2)}</pre>
            </details>
            <button type="button" onClick={() => setOpen(null)}>
              Close
            </button>
          </aside>
        )}
      </div>
      <details className="export">
        <summary>Export</summary>
        <p>The entries this filter shows, to read in a spreadsheet or a script:</p>
        <button type="button" onClick={() => void exportTable('csv')}>
          Export as CSV
        </button>{' '}
        <button type="button" onClick={() => void exportTable('json')}>
          Export as JSON
        </button>
        <p>A sealed bundle an auditor can verify (zamburak keygen makes their key pair):</p>
        <label htmlFor="audit-key">The auditor's public key (audit.pub)</label>
        <textarea id="audit-key" rows={3} value={publicKey} onChange={(e) => setPublicKey(e.target.value)} />
        <button type="button" disabled={!publicKey.trim()} onClick={() => void exportBundle()}>
          Seal and export
        </button>
        {download && (
          <p>
            <a href={download.url} download={download.name}>
              Download {download.text}
            </a>
          </p>
        )}
      </details>
    </div>
  );
}
