/**
 * Settings → Language model: the providers a person chose (a local model or a hosted one), which
 * feature uses which, a test call, and the connection log — when, where, how many tokens, never
 * what was sent. Without a provider, Ask uses playbooks only.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ProviderView } from '../../../preload/contract';
import { api } from '../api';
import { useApp } from '../store';
import { DataTable } from './DataTable';
import { AddForm, RowActions } from './Managed';

type LogRow = Awaited<ReturnType<typeof api.providers.log>>[number];
const EMPTY = {
  name: '',
  kind: 'openai',
  url: 'http://127.0.0.1:11434/v1',
  model: '',
  planner: true,
  extractor: false,
  apiKey: '',
};

export function ProvidersSection() {
  const [providers, setProviders] = useState<ProviderView[]>([]);
  const [log, setLog] = useState<LogRow[]>([]);
  const [form, setForm] = useState(EMPTY);
  const [adding, setAdding] = useState(false);
  const report = useApp((s) => s.report);
  const load = useCallback(() => {
    api.providers.list().then(setProviders).catch(report);
    api.providers.log().then(setLog).catch(report);
  }, [report]);
  useEffect(load, [load]);

  const add = async () => {
    try {
      await api.providers.add({
        name: form.name,
        kind: form.kind as 'openai' | 'anthropic',
        url: form.url,
        model: form.model,
        for: [...(form.planner ? ['planner' as const] : []), ...(form.extractor ? ['extractor' as const] : [])],
        ...(form.apiKey ? { apiKey: form.apiKey } : {}),
      });
      setForm(EMPTY);
      setAdding(false);
      load();
    } catch (e) {
      report(e);
    }
  };

  return (
    <section aria-labelledby="llm">
      <h2 id="llm">Language model</h2>
      {providers.length === 0 && (
        <p className="note">No provider: Ask runs playbooks only, and mail is read by rules.</p>
      )}
      <ul className="managed providers">
        {providers.map((p) => (
          <li key={p.name}>
            <span>
              {p.name} · {p.kind} · {p.model} · for {p.for.join(' and ')}
            </span>
            <RowActions
              onTest={() =>
                api.providers.test(p.name).then((r) => {
                  load();
                  return r.message;
                })
              }
              onRemove={() => api.providers.remove(p.name).then(load)}
            />
          </li>
        ))}
      </ul>
      <AddForm
        label="Add a provider"
        openText="Add a provider…"
        submitText="Add provider"
        open={adding}
        setOpen={setAdding}
        onSubmit={() => void add()}
      >
        <label>
          Name
          <input value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        </label>
        <label>
          Protocol
          <select value={form.kind} onChange={(e) => setForm({ ...form, kind: e.target.value })}>
            <option value="openai">OpenAI-compatible (OpenAI, Ollama, LM Studio, llama.cpp, vLLM)</option>
            <option value="anthropic">Anthropic</option>
          </select>
        </label>
        <label>
          URL
          <input type="url" value={form.url} onChange={(e) => setForm({ ...form, url: e.target.value })} />
        </label>
        <label>
          Model
          <input value={form.model} onChange={(e) => setForm({ ...form, model: e.target.value })} />
        </label>
        <label>
          API key (kept in the secret store; leave empty for a local model)
          <input
            type="password"
            autoComplete="off"
            value={form.apiKey}
            onChange={(e) => setForm({ ...form, apiKey: e.target.value })}
          />
        </label>
        <label>
          <input
            type="checkbox"
            checked={form.planner}
            onChange={(e) => setForm({ ...form, planner: e.target.checked })}
          />{' '}
          Plans requests (sees your request, never your mail)
        </label>
        <label>
          <input
            type="checkbox"
            checked={form.extractor}
            onChange={(e) => setForm({ ...form, extractor: e.target.checked })}
          />{' '}
          Reads mail for extraction (quarantined: no tools)
        </label>
      </AddForm>
      {log.length > 0 && (
        <DataTable
          label="Connection log"
          caption="Connection log (never the content)"
          rows={log.slice(0, 20)}
          rowKey={(r, i) => `${r.at}-${i}`}
          columns={[
            ['time', (r) => new Date(r.at).toLocaleString()],
            ['provider', (r) => r.provider],
            ['model', (r) => r.model],
            ['tokens', (r) => r.inputTokens + r.outputTokens],
            ['status', (r) => r.status],
            ['ms', (r) => r.latencyMs],
          ]}
        />
      )}
    </section>
  );
}
