/**
 * Settings: the switches (pause, undo window, theme), accounts, and the policy — edited as
 * YAML with live validation (errors at their line), a preview that replays recorded calls
 * against the edit and lists the decisions that would change, and a save that is audited.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { PolicyErrorView, PolicyPreview } from '../../../preload/contract';
import { api } from '../api';
import { DECISION_WORDS } from '../audit-kinds';
import { AccountsSection } from '../components/AccountsSection';
import { DataTable } from '../components/DataTable';
import { count } from '../format';
import { ProvidersSection } from '../components/ProvidersSection';
import { PolicySwitches } from '../components/PolicySwitches';
import { useApp } from '../store';

export function SettingsScreen() {
  const { settings, updateSettings } = useApp();
  const [version, setVersion] = useState('');
  const report = useApp((s) => s.report);
  useEffect(() => {
    api.engine
      .version()
      .then((v) =>
        setVersion(`Zamburak ${v.app} · Node ${v.node}${v.electron ? ` · Electron ${v.electron}` : ' · browser host'}`),
      )
      .catch(report);
  }, [report]);
  return (
    <div className="settings pane">
      <h1>Settings</h1>
      <section aria-labelledby="general">
        <h2 id="general">General</h2>
        {settings && (
          <div className="form-grid">
            <label>
              <input
                type="checkbox"
                checked={settings.paused}
                onChange={(e) => void updateSettings({ paused: e.target.checked })}
              />
              Pause everything automatic (the assistant does nothing on its own, and nothing is sent)
            </label>
            <label>
              Undo window (seconds you have to undo a send or an approval before it is carried out)
              <input
                type="number"
                min={0}
                max={600}
                value={settings.undoWindowSeconds}
                onChange={(e) => {
                  const n = Number(e.target.value);
                  if (Number.isInteger(n) && n >= 0 && n <= 600) void updateSettings({ undoWindowSeconds: n });
                }}
              />
            </label>
            <label>
              Theme
              <select
                value={settings.theme}
                onChange={(e) => void updateSettings({ theme: e.target.value as 'system' | 'light' | 'dark' })}
              >
                <option value="system">System</option>
                <option value="light">Light</option>
                <option value="dark">Dark</option>
              </select>
            </label>
          </div>
        )}
      </section>
      <AccountsSection />
      <ProvidersSection />
      <PolicyEditor />
      <p className="version">{version}</p>
    </div>
  );
}

function PolicyEditor() {
  const [yaml, setYaml] = useState('');
  const [saved, setSaved] = useState({ yaml: '', version: '' });
  const [errors, setErrors] = useState<PolicyErrorView[]>([]);
  const [rules, setRules] = useState(0);
  const [preview, setPreview] = useState<PolicyPreview | null>(null);
  const [note, setNote] = useState('');
  const { report, setStatus } = useApp();
  const gutter = useRef<HTMLDivElement>(null);

  useEffect(() => {
    api.policies
      .current()
      .then((p) => {
        setSaved(p);
        setYaml(p.yaml);
      })
      .catch(report);
  }, [report]);
  // Live validation, a moment after typing stops.
  useEffect(() => {
    if (!yaml) return;
    const t = window.setTimeout(() => {
      api.policies
        .validate(yaml)
        .then((r) => {
          setErrors(r.errors);
          setRules(r.rules);
        })
        .catch(report);
    }, 250);
    return () => window.clearTimeout(t);
  }, [yaml, report]);

  const lines = useMemo(() => yaml.split('\n').length, [yaml]);
  const bad = useMemo(() => new Set(errors.map((e) => e.line)), [errors]);
  const dirty = yaml !== saved.yaml;

  const save = async () => {
    try {
      const r = await api.policies.save(yaml, note);
      if (!r.ok) {
        setErrors(r.errors);
        return;
      }
      setSaved({ yaml, version: r.version });
      setPreview(null);
      setNote('');
      setStatus({ text: `Policy saved as ${r.version}.`, tone: 'ok' });
    } catch (e) {
      report(e);
    }
  };

  return (
    <section aria-labelledby="policy" className="policy">
      <h2 id="policy">
        Policy{' '}
        <small>({saved.version.startsWith('preset:') ? `the ${saved.version.slice(7)} preset` : saved.version})</small>
      </h2>
      <PolicySwitches
        yaml={yaml}
        onChange={(y) => {
          setYaml(y);
          setPreview(null);
        }}
      />
      <div className="editor">
        <div className="gutter" ref={gutter} aria-hidden="true">
          {Array.from({ length: lines }, (_, i) => (
            <div key={i} className={bad.has(i + 1) ? 'bad' : ''}>
              {i + 1}
            </div>
          ))}
        </div>
        <textarea
          aria-label="Policy YAML"
          spellCheck={false}
          value={yaml}
          onChange={(e) => {
            setYaml(e.target.value);
            setPreview(null);
          }}
          onScroll={(e) => {
            if (gutter.current) gutter.current.scrollTop = e.currentTarget.scrollTop;
          }}
        />
      </div>
      <div className="policy-status" role="status" aria-live="polite">
        {errors.length ? (
          <ul className="errors">
            {errors.map((e) => (
              <li key={`${e.line}:${e.column}:${e.message}`}>
                line {e.line}, column {e.column}: {e.message}
              </li>
            ))}
          </ul>
        ) : (
          <p className="ok">Valid: {count(rules, 'rule')}.</p>
        )}
      </div>
      <div className="actions">
        <button
          type="button"
          disabled={!dirty || errors.length > 0}
          onClick={() => api.policies.preview(yaml).then(setPreview).catch(report)}
        >
          Preview changes
        </button>
        <label>
          Note for the history (optional){' '}
          <input value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
        </label>
        <button type="button" className="approve" disabled={!dirty || errors.length > 0} onClick={() => void save()}>
          Save policy
        </button>
        <button type="button" disabled={!dirty} onClick={() => setYaml(saved.yaml)}>
          Revert
        </button>
      </div>
      {preview && (
        <div className="preview" aria-label="Preview">
          <p>
            Replayed {count(preview.replayed, 'recorded call')}: {count(preview.changed.length, 'decision')} would
            change.
          </p>
          {preview.changed.length > 0 && (
            <DataTable
              rows={preview.changed}
              rowKey={(c) => `${c.runId}:${c.seq}`}
              columns={[
                ['Call', (c) => <span title={`${c.tool}, call ${c.seq} of ${c.runId}`}>{c.what}</span>],
                ['Now', (c) => <Decided d={c.before} />],
                ['With this policy', (c) => <Decided d={c.after} />],
              ]}
            />
          )}
        </div>
      )}
    </section>
  );
}

/** A replayed decision and the rule that made it, in words; the rule's id is the tooltip. */
function Decided({ d }: { d: { decision: string; rule: string; ruleWords: string } }) {
  return (
    <span title={`Its id in your policy: ${d.rule}`}>
      {DECISION_WORDS[d.decision] ?? d.decision} — {d.ruleWords}
    </span>
  );
}
