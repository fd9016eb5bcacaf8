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
import { UndoWindowField } from '../components/UndoWindowField';
import { useApp } from '../store';

export function SettingsScreen() {
  const { settings, updateSettings } = useApp();
  const [version, setVersion] = useState('');
  const report = useApp((s) => s.report);
  useEffect(() => {
    api.engine
      .version()
      .then((v) =>
        setVersion(
          `Zamburak ${v.app} · ${v.electron ? `Electron ${v.electron}` : 'running in your browser'} · Node ${v.node}`,
        ),
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
            <UndoWindowField
              seconds={settings.undoWindowSeconds}
              onSave={(n) => void updateSettings({ undoWindowSeconds: n })}
            />
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
  // Null until the text is checked: "Valid: 0 rules" before the answer would be wrong.
  const [rules, setRules] = useState<number | null>(null);
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
      setStatus({ text: `Policy saved as ${versionWords(r.version)}.`, tone: 'ok' });
    } catch (e) {
      report(e);
    }
  };

  return (
    <section aria-labelledby="policy" className="policy">
      <h2 id="policy">
        Policy <small>({versionWords(saved.version)})</small>
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
      <PolicyHelp />
      <div className="policy-status" role="status" aria-live="polite">
        {errors.length ? (
          <ul className="errors">
            {errors.map((e) => (
              <li key={`${e.line}:${e.column}:${e.message}`}>
                line {e.line}, column {e.column}: {e.message}
              </li>
            ))}
          </ul>
        ) : rules === null ? (
          <p>Checking…</p>
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

/** A policy's version as the app names it ("preset:default", "v3"), in words. */
const versionWords = (v: string): string =>
  v.startsWith('preset:') ? `the ${v.slice(7)} preset` : /^v\d+$/.test(v) ? `version ${v.slice(1)}` : v;

/** The format in a few sentences, for a person who has only the app (the preset's header points here). */
function PolicyHelp() {
  return (
    <details className="policy-help">
      <summary>How a policy is written</summary>
      <p>
        A policy decides what the assistant may do on its own. Its rules are read from the top: the first rule that
        matches an action decides it, and an action no rule matches is refused.
      </p>
      <ul>
        <li>
          <code>extends: default</code> starts from the built-in rules (<code>strict</code> asks you about more); your
          rules come first.
        </li>
        <li>
          A rule names the actions it covers (<code>tools</code>, such as <code>sendEmail</code> or{' '}
          <code>replyToEmail</code>), when it applies (<code>when</code>: who receives it, whether an email decided or
          wrote part of it) and its <code>decision</code>: <code>allow</code> runs on its own, <code>confirm</code>{' '}
          waits for you in Review (with a <code>risk</code> of low, medium or high), <code>deny</code> never runs.
        </li>
        <li>
          <code>allowlists: recipients</code> lists addresses you trust; <code>*@acme.test</code> trusts a whole
          company.
        </li>
        <li>
          <code>budgets</code> caps how many times one run may take an action, such as <code>sendEmail: 10</code>.
        </li>
        <li>
          Lines that start with <code>#</code> are notes for people; the app ignores them. A mistake is shown at its
          line before anything is saved.
        </li>
      </ul>
    </details>
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
