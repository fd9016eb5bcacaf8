/**
 * Settings → Language model → Budgets: how many tokens and how much money the assistant may use each
 * time it works and each day (UTC) over all providers, with what today used so far. A reached
 * limit stops the assistant before its next request, with the limit named.
 */
import { useEffect, useState } from 'react';
import type { BudgetsView } from '../../../preload/contract';
import { api } from '../api';
import { useApp } from '../store';

type Fields = Record<'runTokens' | 'dayTokens' | 'runCostUsd' | 'dayCostUsd', string>;

const fields = (b: BudgetsView['budgets']): Fields => ({
  runTokens: String(b.runTokens),
  dayTokens: String(b.dayTokens),
  runCostUsd: b.runCostUsd === null ? '' : String(b.runCostUsd),
  dayCostUsd: b.dayCostUsd === null ? '' : String(b.dayCostUsd),
});

/** An empty money field is "no limit". */
const money = (s: string): number | null => (s.trim() === '' ? null : Number(s));

/** `refreshKey` changes when usage may have changed (a provider was called). */
export function BudgetsForm({ refreshKey }: { refreshKey: number }) {
  const [view, setView] = useState<BudgetsView | null>(null);
  const [form, setForm] = useState<Fields | null>(null);
  const [saved, setSaved] = useState('');
  const report = useApp((s) => s.report);
  useEffect(() => {
    api.providers
      .budgets()
      .then((v) => {
        setView(v);
        // A refresh updates what today used; it never overwrites fields being edited.
        setForm((f) => f ?? fields(v.budgets));
      })
      .catch(report);
  }, [report, refreshKey]);
  if (!view || !form) return null;

  const save = async () => {
    try {
      const v = await api.providers.setBudgets({
        runTokens: Number(form.runTokens),
        dayTokens: Number(form.dayTokens),
        runCostUsd: money(form.runCostUsd),
        dayCostUsd: money(form.dayCostUsd),
      });
      setView(v);
      setForm(fields(v.budgets));
      setSaved('Budgets saved.');
    } catch (e) {
      setSaved('');
      report(e);
    }
  };
  const input = (key: keyof Fields, label: string, step: string) => (
    <label>
      {label}
      <input
        type="number"
        min="0"
        step={step}
        value={form[key]}
        onChange={(e) => {
          setSaved('');
          setForm({ ...form, [key]: e.target.value });
        }}
      />
    </label>
  );
  return (
    <form
      className="form-grid budgets"
      aria-label="Budgets"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h3>Budgets</h3>
      <p className="note">
        Used today (UTC): {view.today.tokens.toLocaleString()} tokens, ${view.today.costUsd.toFixed(2)}. Tokens are the
        pieces of words a language model reads and writes. Money is counted for providers with a price; leave a money
        field empty for no limit.
      </p>
      {input('runTokens', 'Tokens each time the assistant works', '1')}
      {input('dayTokens', 'Tokens per day', '1')}
      {input('runCostUsd', 'Dollars (USD) each time the assistant works', '0.01')}
      {input('dayCostUsd', 'Dollars (USD) per day', '0.01')}
      <div className="actions">
        <button type="submit">Save budgets</button>
        {saved && <span role="status">{saved}</span>}
      </div>
    </form>
  );
}
