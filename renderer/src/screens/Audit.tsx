/**
 * Audit: every decision, filterable; an entry with its data; the chain verified (green, or red
 * naming the first entry that does not hold); a sealed export for an auditor's public key.
 */
import { useCallback, useEffect, useState } from 'react';
import type { AuditRow, VerifyView } from '../../../preload/contract';
import { api } from '../api';
import { Chip, decisionTone } from '../components/Chip';
import { DataTable } from '../components/DataTable';
import { useApp } from '../store';

const FILTERS = ['kind', 'tool', 'decision', 'rule', 'source'] as const;
type Filter = Partial<Record<(typeof FILTERS)[number], string>>;

export function AuditScreen() {
  const [filter, setFilter] = useState<Filter>({});
  const [rows, setRows] = useState<AuditRow[]>([]);
  const [open, setOpen] = useState<AuditRow | null>(null);
  const [verify, setVerify] = useState<VerifyView | null>(null);
  const [publicKey, setPublicKey] = useState('');
  const [bundle, setBundle] = useState<{ url: string; entries: number } | null>(null);
  const report = useApp((s) => s.report);
  const load = useCallback(() => {
    const q = Object.fromEntries(Object.entries(filter).filter(([, v]) => v));
    api.audit
      .list({ ...q, limit: 300 })
      .then(setRows)
      .catch(report);
  }, [filter, report]);
  useEffect(load, [load]);

  const exportBundle = async () => {
    try {
      const r = await api.audit.export(publicKey.trim());
      if (bundle) URL.revokeObjectURL(bundle.url);
      setBundle({ url: URL.createObjectURL(new Blob([r.bundle], { type: 'application/json' })), entries: r.entries });
    } catch (e) {
      report(e);
    }
  };

  return (
    <div className="audit pane">
      <h1>Audit</h1>
      <div className="toolbar">
        <button type="button" onClick={() => api.audit.verify().then(setVerify).catch(report)}>
          Verify chain
        </button>
        {verify && (
          <p className={`verify ${verify.ok ? 'ok' : 'bad'}`} role="status">
            {verify.ok
              ? `The chain holds: ${verify.checked} entries verified.`
              : `The chain does not hold at entry ${verify.problem?.seq}: ${verify.problem?.message}`}
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
        {FILTERS.map((f) => (
          <label key={f}>
            {f}
            <input value={filter[f] ?? ''} onChange={(e) => setFilter({ ...filter, [f]: e.target.value })} />
          </label>
        ))}
      </form>
      <div className="audit-body">
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
            ['time', (r) => new Date(r.at).toLocaleString()],
            ['kind', (r) => r.kind],
            ['tool', (r) => r.tool ?? ''],
            ['decision', (r) => r.decision && <Chip tone={decisionTone(r.decision)}>{r.decision}</Chip>],
            ['rule', (r) => r.rule ?? ''],
          ]}
        />
        {open && (
          <aside className="drawer" aria-label={`Entry ${open.seq}`}>
            <h2>
              Entry {open.seq}: {open.kind}
            </h2>
            {open.sources.length > 0 && (
              <p>
                Sources: {open.sources.slice(0, 12).join(', ')}
                {open.sources.length > 12 ? ` and ${open.sources.length - 12} more` : ''}
              </p>
            )}
            <pre className="code">{JSON.stringify(open.data, null, 2)}</pre>
            <button type="button" onClick={() => setOpen(null)}>
              Close
            </button>
          </aside>
        )}
      </div>
      <details className="export">
        <summary>Export a sealed bundle</summary>
        <label htmlFor="audit-key">The auditor's public key (zamburak keygen, audit.pub)</label>
        <textarea id="audit-key" rows={3} value={publicKey} onChange={(e) => setPublicKey(e.target.value)} />
        <button type="button" disabled={!publicKey.trim()} onClick={() => void exportBundle()}>
          Seal and export
        </button>
        {bundle && (
          <a href={bundle.url} download="zamburak-audit.bundle">
            Download the bundle ({bundle.entries} entries)
          </a>
        )}
      </details>
    </div>
  );
}
