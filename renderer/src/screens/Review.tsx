/**
 * Review: the claims waiting for a person, one at a time. The card is built from the action
 * itself and its labels (main/app/claims.ts), never from text a plan wrote: what will happen,
 * each field with where it came from (untrusted fields loud), why it asks, the lineage. Approval
 * sends the content hash the card showed; high-risk claims need a deliberate extra gesture.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ClaimRowView, ClaimView } from '../../../preload/contract';
import { api } from '../api';
import { Chip } from '../components/Chip';
import { Diff } from '../components/Diff';
import { ClaimEditForm, editableFields } from '../components/ClaimEdit';
import { LineageGraph } from '../components/LineageGraph';
import { useKeys } from '../keys';
import { go } from '../route';
import { useApp } from '../store';

const LIVE = new Set(['approved', 'committing']);

export function ReviewScreen({ id }: { id: string | null }) {
  const [list, setList] = useState<ClaimRowView[]>([]);
  const { report, refresh } = useApp();
  const reload = useCallback(() => {
    api.claims.list('pending').then(setList).catch(report);
    void refresh();
  }, [report, refresh]);
  useEffect(reload, [reload]);
  const current = id ?? list[0]?.id ?? null;
  const index = list.findIndex((c) => c.id === current);
  useKeys({
    j: () => list[index + 1] && go('review', list[index + 1]!.id),
    k: () => index > 0 && go('review', list[index - 1]!.id),
  });
  return (
    <div className="review">
      <section className="pane claim-list" aria-label="Waiting for you">
        <h1>Review</h1>
        {list.length === 0 ? (
          <p className="calm">Nothing waits for you. The assistant asks only when it must.</p>
        ) : (
          <ul>
            {list.map((c) => (
              <li key={c.id}>
                <a href={`#/review/${encodeURIComponent(c.id)}`} aria-current={c.id === current ? 'true' : undefined}>
                  <Chip tone={`risk-${c.risk}`}>{c.risk}</Chip> {c.what}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      {current ? <ClaimCard key={current} id={current} onDecided={reload} /> : null}
    </div>
  );
}

function ClaimCard({ id, onDecided }: { id: string; onDecided: () => void }) {
  const [c, setC] = useState<ClaimView | null>(null);
  const report = useApp((s) => s.report);
  useEffect(() => {
    api.claims.get(id).then(setC).catch(report);
  }, [id, report]);
  // Follow the commit live while the undo window runs and the outbox works.
  useEffect(() => {
    if (!c || !LIVE.has(c.state)) return;
    const t = window.setInterval(() => api.claims.get(id).then(setC).catch(report), 500);
    return () => window.clearInterval(t);
  }, [c, id, report]);
  if (!c) return <div className="pane empty">Loading…</div>;
  return <Card c={c} setC={setC} onDecided={onDecided} />;
}

function Card({ c, setC, onDecided }: { c: ClaimView; setC: (c: ClaimView) => void; onDecided: () => void }) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  const [override, setOverride] = useState<{ before: string; after: string } | null>(null);
  const [showLineage, setShowLineage] = useState(false);
  const [editing, setEditing] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const { report, setStatus } = useApp();
  useEffect(() => {
    if (!LIVE.has(c.state)) return;
    const t = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(t);
  }, [c.state]);

  const pending = c.state === 'pending';
  const high = c.risk === 'high';
  const untrustedFirst = [...c.fields].sort((a, b) => Number(b.untrusted) - Number(a.untrusted));

  const approve = async () => {
    if (!pending || (high && !checked)) return;
    try {
      const approved = await api.claims.approve(c.id, c.contentHash);
      setC(approved);
      setStatus({
        text: `Approved: ${c.what}.`,
        tone: 'ok',
        // Once the outbox may commit it, it can no longer be undone.
        ...(approved.commit ? { undoUntil: Date.parse(approved.commit.notBefore) } : {}),
        undo: async () => {
          setC(await api.claims.undo(c.id));
          onDecided();
        },
      });
      onDecided();
    } catch (e) {
      report(e);
    }
  };
  const reject = async () => {
    try {
      setC(await api.claims.reject(c.id, reason));
      setStatus({ text: 'Rejected. Nothing was done.', tone: 'ok' });
      setRejecting(false);
      onDecided();
    } catch (e) {
      report(e);
    }
  };
  const proposeOverride = async () => {
    try {
      setOverride(await api.claims.proposeOverride(c.id));
    } catch (e) {
      report(e);
    }
  };
  const saveOverrideAndApprove = async () => {
    if (!override) return;
    try {
      const r = await api.policies.save(override.after, `always allow: from claim ${c.id}`);
      if (!r.ok) throw new Error(r.errors.map((e) => `line ${e.line}: ${e.message}`).join('; '));
      setOverride(null);
      await approve();
    } catch (e) {
      report(e);
    }
  };

  const canEdit = pending && editableFields(c).length > 0;
  useCardKeys(pending, {
    approve,
    startReject: () => setRejecting(true),
    startEdit: () => canEdit && setEditing(true),
  });

  const waitLeft = c.commit ? Math.max(0, Math.ceil((new Date(c.commit.notBefore).getTime() - now) / 1000)) : 0;
  return (
    <article className={`pane claim-card risk-${c.risk}`} aria-labelledby="claim-what">
      <p className="eyebrow">
        <Chip tone={`risk-${c.risk}`}>{c.risk} risk</Chip> <Chip tone="state">{c.state}</Chip>
      </p>
      <h2 id="claim-what">{c.what}</h2>
      {c.flags.length > 0 && (
        <ul className="flags" role="alert">
          {c.flags.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      )}
      <table className="fields">
        <caption>What will be committed, field by field</caption>
        <tbody>
          {untrustedFirst.map((f) => (
            <tr key={f.path} className={f.untrusted ? 'untrusted' : ''}>
              <th scope="row">{f.path}</th>
              <td>
                <div className="value">{f.value}</div>
                <Chip tone={f.untrusted ? 'bad' : 'ok'} title={f.sentence}>
                  {f.provenance}
                </Chip>
                <div className="sentence">{f.sentence}</div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <section className="why">
        <h3>Why it asks</h3>
        <p>
          Rule <code>{c.rule}</code>
        </p>
        <ul>
          {c.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </section>
      <details open={showLineage} onToggle={(e) => setShowLineage((e.target as HTMLDetailsElement).open)}>
        <summary>Lineage: where every field came from</summary>
        {showLineage && <LineageGraph graph={c.lineage} />}
      </details>
      <p className="hash">
        Bound to <code>{c.contentHash.slice(0, 23)}…</code>: what you approve is exactly what is committed.
      </p>

      {editing && (
        <ClaimEditForm
          c={c}
          onSaved={(v) => {
            setC(v);
            setEditing(false);
            setChecked(false);
            setStatus({ text: 'Edited: approve what you now see, or reject it.', tone: 'ok' });
          }}
          onCancel={() => setEditing(false)}
        />
      )}
      {pending && !rejecting && !editing && (
        <div className={`decide ${high ? 'deliberate' : ''}`}>
          <button type="button" className="reject" onClick={() => setRejecting(true)}>
            Reject… (r)
          </button>
          {high && (
            <label className="check">
              <input type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} />I checked who
              receives this and where each field came from
            </label>
          )}
          {canEdit && (
            <button type="button" onClick={() => setEditing(true)}>
              Edit… (e)
            </button>
          )}
          <button type="button" className="approve" onClick={() => void approve()} disabled={high && !checked}>
            Approve{high ? '' : ' (a)'}
          </button>
          <button type="button" className="link" onClick={() => void proposeOverride()}>
            Approve and always allow this…
          </button>
        </div>
      )}
      {pending && rejecting && (
        <form
          className="decide"
          onSubmit={(e) => {
            e.preventDefault();
            void reject();
          }}
        >
          <label>
            Why reject? (optional, kept in the audit log)
            <input autoFocus value={reason} onChange={(e) => setReason(e.target.value)} maxLength={1000} />
          </label>
          <button type="submit" className="reject">
            Reject
          </button>
          <button type="button" onClick={() => setRejecting(false)}>
            Cancel
          </button>
        </form>
      )}
      {override && (
        <div className="override" role="dialog" aria-label="Policy change">
          <h3>This policy change stops such claims coming back</h3>
          <Diff before={override.before} after={override.after} />
          <button type="button" className="approve" onClick={() => void saveOverrideAndApprove()}>
            Save the policy and approve
          </button>
          <button type="button" onClick={() => setOverride(null)}>
            Cancel
          </button>
        </div>
      )}
      {c.commit && (
        <p className="commit" role="status">
          {c.state === 'approved' && waitLeft > 0
            ? `Sending in ${waitLeft} s — undo with z.`
            : c.state === 'committed'
              ? 'Done: committed.'
              : c.state === 'failed'
                ? `Failed: ${c.error ?? 'unknown error'}`
                : `Outbox: ${c.commit.state} (attempt ${c.commit.attempts}).`}
          {c.state === 'approved' && (
            <button
              type="button"
              onClick={() =>
                void api.claims
                  .undo(c.id)
                  .then((v) => {
                    setC(v);
                    onDecided();
                  })
                  .catch(report)
              }
            >
              Undo
            </button>
          )}
        </p>
      )}
      {c.state === 'rejected' && <p className="commit">Rejected{c.reason ? `: ${c.reason}` : ''}.</p>}
    </article>
  );
}

function useCardKeys(
  pending: boolean,
  f: { approve: () => Promise<void>; startReject: () => void; startEdit: () => void },
) {
  useKeys({
    a: () => pending && void f.approve(),
    r: () => pending && f.startReject(),
    e: () => pending && f.startEdit(),
  });
}
