/**
 * Settings → Language model: the providers a person chose (a local model or a hosted one), which
 * one serves each feature, a test call, the budgets, and the connection log — when, where, how
 * many tokens, what it cost, never what was sent. Without a planner, Ask uses playbooks only;
 * without an extractor, mail is read by rules.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ProviderView } from '../../../preload/contract';
import { api } from '../api';
import { useApp } from '../store';
import { BudgetsForm } from './BudgetsForm';
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
  priceIn: '',
  priceOut: '',
};
const FEATURES = [
  ['planner', 'Plans requests', 'None: Ask answers only the requests it knows'],
  ['extractor', 'Reads mail to sort it and pull out facts', 'None: mail is sorted by rules'],
] as const;
const price = (p: ProviderView) =>
  p.price ? `$${p.price.inputPerMTok} in / $${p.price.outputPerMTok} out per million tokens` : 'no price';

export function ProvidersSection() {
  const [providers, setProviders] = useState<ProviderView[]>([]);
  const [log, setLog] = useState<LogRow[]>([]);
  const [form, setForm] = useState(EMPTY);
  const [adding, setAdding] = useState(false);
  const report = useApp((s) => s.report);
  // Bumped on each load, so the budgets' "used today" follows the calls just made.
  const [loads, setLoads] = useState(0);
  const load = useCallback(() => {
    api.providers.list().then(setProviders).catch(report);
    api.providers
      .log()
      .then((rows) => {
        setLog(rows);
        setLoads((n) => n + 1);
      })
      .catch(report);
  }, [report]);
  useEffect(load, [load]);

  const setStatus = useApp((s) => s.setStatus);
  /** Added unselected; it serves the chosen features only once a test call has answered. */
  const add = async () => {
    const features = [...(form.planner ? ['planner' as const] : []), ...(form.extractor ? ['extractor' as const] : [])];
    try {
      await api.providers.add({
        name: form.name,
        kind: form.kind as 'openai' | 'anthropic',
        url: form.url,
        model: form.model,
        for: [],
        ...(form.apiKey ? { apiKey: form.apiKey } : {}),
        ...(form.priceIn || form.priceOut
          ? { price: { inputPerMTok: Number(form.priceIn || 0), outputPerMTok: Number(form.priceOut || 0) } }
          : {}),
      });
      setForm(EMPTY);
      setAdding(false);
      if (features.length > 0) {
        const test = await api.providers.test(form.name);
        if (test.ok) await api.providers.use(form.name, features);
        setStatus(
          test.ok
            ? { text: `${form.name} added: ${test.message}; it now serves ${features.join(' and ')}.`, tone: 'ok' }
            : {
                text: `${form.name} added but not selected: its test failed (${test.message}). Fix it, then choose it below.`,
                tone: 'error',
              },
        );
      }
      load();
    } catch (e) {
      report(e);
    }
  };

  return (
    <section aria-labelledby="llm">
      <h2 id="llm">Language model</h2>
      {providers.length === 0 && (
        <p className="note">
          No language model yet: Ask answers only the requests it knows, and mail is sorted by rules.
        </p>
      )}
      <ul className="managed providers">
        {providers.map((p) => (
          <li key={p.name}>
            <span>
              {p.name} · {p.kind} · {p.model} · {price(p)}
            </span>
            <RowActions
              onTest={() =>
                api.providers.test(p.name).then((r) => {
                  load();
                  return r.message;
                })
              }
              onRemove={() => api.providers.remove(p.name).then(load)}
              removing={`Remove the provider “${p.name}”? Its key is deleted from this computer, and what used it has no language model until you choose another.`}
            />
          </li>
        ))}
      </ul>
      {providers.length > 0 && (
        <div className="form-grid features">
          {FEATURES.map(([feature, label, none]) => (
            <label key={feature}>
              {label}
              <select
                value={providers.find((p) => p.for.includes(feature))?.name ?? ''}
                onChange={(e) =>
                  api.providers
                    .use(e.target.value || null, [feature])
                    .then(setProviders)
                    .catch(report)
                }
              >
                <option value="">{none}</option>
                {providers.map((p) => (
                  <option key={p.name} value={p.name}>
                    {p.name} ({p.model})
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      )}
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
          Reads mail to sort it and pull out facts (it can act on nothing it reads)
        </label>
        <label>
          Price per million input tokens (USD, empty for a local model)
          <input
            type="number"
            min="0"
            step="0.01"
            value={form.priceIn}
            onChange={(e) => setForm({ ...form, priceIn: e.target.value })}
          />
        </label>
        <label>
          Price per million output tokens (USD)
          <input
            type="number"
            min="0"
            step="0.01"
            value={form.priceOut}
            onChange={(e) => setForm({ ...form, priceOut: e.target.value })}
          />
        </label>
      </AddForm>
      <BudgetsForm refreshKey={loads} />
      {log.length > 0 && (
        <DataTable
          label="Connection log"
          caption="Connection log (never the content)"
          rows={log.slice(0, 20)}
          rowKey={(r, i) => `${r.at}-${i}`}
          columns={[
            ['Time', (r) => new Date(r.at).toLocaleString()],
            ['Provider', (r) => r.provider],
            ['Model', (r) => r.model],
            ['Tokens', (r) => r.inputTokens + r.outputTokens],
            ['Cost (USD)', (r) => r.costUsd.toFixed(4)],
            ['Status', (r) => r.status],
            ['Time taken (ms)', (r) => r.latencyMs],
            ['Run', (r) => (r.runId ? <code title={r.runId}>{r.runId.slice(0, 8)}</code> : '—')],
          ]}
        />
      )}
    </section>
  );
}
