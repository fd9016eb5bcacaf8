/**
 * Ask: a request becomes a plan (a playbook, or one the planner model wrote when a provider is
 * configured); the answer as text a person reads, each line showing on hover where its own part
 * came from (a line from mail is marked, and carries its warnings), then the result in detail
 * (tables, or its JSON), each call with its decision, and the plan. It runs over the account the Inbox has selected (the
 * primary one when the Inbox shows every account), named above the request and switchable here.
 */
import { useEffect, useState } from 'react';
import type { AccountView, AskResult, AskTextLine } from '../../../preload/contract';
import { api } from '../api';
import { DECISION_WORDS } from '../audit-kinds';
import { Chip, decisionTone } from '../components/Chip';
import { DataTable } from '../components/DataTable';
import { PlanCode } from '../components/PlanCode';
import { ResultData } from '../components/ResultData';
import { accountName, capitalised } from '../format';
import { useApp } from '../store';

/** "the demo account (…)" or "the account work (…)": the answer's account as the rail names it. */
function answeredFrom(ran: AskResult['account'], accounts: readonly AccountView[]): string {
  const demo = accounts.find((a) => a.id === ran.id)?.demo ?? false;
  return `${demo ? 'the demo account' : `the account ${ran.name}`} (${ran.email})`;
}

export function AskScreen() {
  const [request, setRequest] = useState('');
  const [busy, setBusy] = useState(false);
  const [r, setR] = useState<AskResult | null>(null);
  const { report, refresh, info, accounts, mailbox, setMailbox } = useApp();
  const accountId = mailbox.account ?? info?.account.id;
  const account = accounts.find((a) => a.id === accountId);
  const [examples, setExamples] = useState<readonly string[]>([]);
  useEffect(() => void api.ask.examples().then(setExamples).catch(report), [report]);
  const submit = async (text = request) => {
    if (!text.trim()) return;
    setBusy(true);
    try {
      setR(await (accountId ? api.ask.run(text.trim(), accountId) : api.ask.run(text.trim())));
      void refresh();
    } catch (e) {
      report(e);
    } finally {
      setBusy(false);
    }
  };
  const pick = (s: string) => {
    setRequest(s);
    void submit(s);
  };
  return (
    <div className="ask pane">
      <h1>Ask</h1>
      {account && (
        <p className="ask-account">
          {accounts.length > 1 ? (
            <>
              <label htmlFor="ask-account">Account</label>{' '}
              <select id="ask-account" value={account.id} onChange={(e) => setMailbox({ account: e.target.value })}>
                {accounts.map((a) => (
                  <option key={a.id} value={a.id}>
                    {accountName(a)} ({a.email})
                  </option>
                ))}
              </select>
            </>
          ) : (
            <>
              Account: <strong>{accountName(account)}</strong> ({account.email})
            </>
          )}
        </p>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label htmlFor="ask-input">What should the assistant do?</label>
        <div className="ask-row">
          <input
            id="ask-input"
            value={request}
            maxLength={2000}
            placeholder="give me my daily brief"
            onChange={(e) => setRequest(e.target.value)}
          />
          <button type="submit" disabled={busy || !request.trim()}>
            {busy ? 'Running…' : 'Ask'}
          </button>
        </div>
      </form>
      {!r && !busy && examples.length > 0 && (
        <section aria-labelledby="ask-examples" className="ask-start">
          <h2 id="ask-examples">Things you can ask</h2>
          <Examples items={examples} onPick={pick} />
        </section>
      )}
      {r && (
        <section aria-label="Answer" className="answer">
          {/* Only what ran answered from an account: a request refused before it ran names none. */}
          {(r.calls.length > 0 || r.text.length > 0) && (
            <p className="answer-account">Answered from {answeredFrom(r.account, accounts)}.</p>
          )}
          {r.status === 'unsupported' ? (
            // One sentence, its offer the link: said once, not once and again as a link.
            <p className="note">
              {r.error} <a href="#/settings">Set one up in Settings</a>, or pick one of the requests below, which work
              without one.
            </p>
          ) : (
            r.error && <p className="error">{r.error}</p>
          )}
          {r.status === 'unsupported' && <Examples items={r.supported} onPick={pick} />}
          {r.text.length > 0 && <AnswerText lines={r.text} />}
          {r.result.length > 0 && (
            <details className="result-data" open={r.text.length === 0}>
              <summary>The result in detail</summary>
              <ResultData parts={r.result} />
            </details>
          )}
          {r.claims.length > 0 && (
            <p>
              {r.claims.length === 1 ? '1 action waits' : `${r.claims.length} actions wait`} for you in{' '}
              <a href="#/review">Review</a>.
            </p>
          )}
          {r.calls.length > 0 && (
            <>
              <h2>Calls</h2>
              <DataTable
                rows={runsOf(r.calls)}
                rowKey={(c) => c.seq}
                columns={[
                  ['#', (c) => (c.count > 1 ? `${c.seq}–${c.seq + c.count - 1}` : c.seq)],
                  [
                    'What it did',
                    (c) => <span title={c.tool}>{c.count > 1 ? `${c.what} (${c.count} times)` : c.what}</span>,
                  ],
                  [
                    'Decision',
                    (c) => <Chip tone={decisionTone(c.decision)}>{DECISION_WORDS[c.decision] ?? c.decision}</Chip>,
                  ],
                  [
                    'Policy rule',
                    (c) => <span title={`Its id in your policy: ${c.rule}`}>{capitalised(c.ruleWords)}</span>,
                  ],
                ]}
              />
            </>
          )}
          {r.plan && (
            <details open={r.plannedBy !== null}>
              <summary>
                {r.playbook
                  ? 'The plan it followed (one built into Zamburak, no language model needed)'
                  : `The plan it followed (written by ${r.plannedBy ?? 'a language model'})`}
              </summary>
              <PlanCode source={r.plan} tools={new Set(r.calls.map((c) => c.tool))} />
            </details>
          )}
        </section>
      )}
    </div>
  );
}

type Call = AskResult['calls'][number];

/**
 * Calls in a row that did the same and were decided alike, as one line ("4–23 · A summary of a
 * text (20 times)"): a brief's twenty summaries do not push the rest of the table away.
 */
function runsOf(calls: readonly Call[]): (Call & { count: number })[] {
  const out: (Call & { count: number })[] = [];
  for (const c of calls) {
    const last = out[out.length - 1];
    const same =
      last &&
      last.seq + last.count === c.seq &&
      last.tool === c.tool &&
      last.decision === c.decision &&
      last.rule === c.rule;
    if (same) last.count += 1;
    else out.push({ ...c, count: 1 });
  }
  return out;
}

/** Requests that work without a language model: a click asks it. */
function Examples({ items, onPick }: { items: readonly string[]; onPick: (s: string) => void }) {
  return (
    <ul className="supported">
      {items.map((s) => (
        <li key={s}>
          <button type="button" className="link" onClick={() => onPick(s)}>
            {s}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** An http(s) address in a line: from an untrusted part, its chip says so. */
const HAS_LINK = /\bhttps?:\/\//i;

/**
 * Where a line came from, as the engine's label says it (the Review card's words): loud when
 * untrusted, quiet when it is your own; a link in an untrusted line is marked as such.
 */
function LineOrigin({ line }: { line: AskTextLine }) {
  return (
    <span className="line-origin">
      <Chip tone={line.untrusted ? 'bad' : 'quiet'}>{line.provenance}</Chip>
      {line.untrusted && HAS_LINK.test(line.text) && <Chip tone="bad">link from an untrusted sender</Chip>}
    </span>
  );
}

/** The answer as text: headings, and lines each with a chip saying where it came from. */
function AnswerText({ lines }: { lines: readonly AskTextLine[] }) {
  return (
    <div className="answer-text">
      {lines.map((l, i) =>
        l.heading ? (
          <h3 key={i}>{l.text}</h3>
        ) : (
          <div key={i} className={l.untrusted ? 'line untrusted' : 'line'}>
            <p>
              {l.text} <LineOrigin line={l} />
            </p>
            {l.warnings && l.warnings.length > 0 && (
              <div className="answer-warnings" role="note" aria-label="Be careful with this line">
                <ul>
                  {l.warnings.map((w) => (
                    <li key={w}>{w}</li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        ),
      )}
    </div>
  );
}
