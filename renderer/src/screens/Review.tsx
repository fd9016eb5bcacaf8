/**
 * Review: the claims waiting for a person. The card is built from the action itself, its effect
 * and its labels (main/app/claims.ts), never from text a plan wrote, and fits one screen at
 * 1280×800: what will happen in one sentence, every recipient, the message or event as they
 * will see it, why it asks (at most three sentences), where each part came from, and the
 * decision. Lineage, every raw reason and the hash are one click away. Several claims of one
 * kind can be approved or rejected together, each at the hash its row showed.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ClaimRowView, ClaimView } from '../../../preload/contract';
import { api } from '../api';
import { AlwaysAllow } from '../components/AlwaysAllow';
import { Chip } from '../components/Chip';
import { ClaimDecide } from '../components/ClaimDecide';
import { ClaimEditForm, editableFields } from '../components/ClaimEdit';
import { ClaimPreview } from '../components/ClaimPreview';
import { LineageGraph } from '../components/LineageGraph';
import { useKeys } from '../keys';
import { go } from '../route';
import { claimStateName, riskName } from '../format';
import { useApp } from '../store';

const LIVE = new Set(['approved', 'committing']);

/** The policy's reasons, each said once: one per field that repeats it reads as a wall of the same line. */
function tallied(reasons: readonly string[]): string[] {
  const times = new Map<string, number>();
  for (const r of reasons) times.set(r, (times.get(r) ?? 0) + 1);
  return [...times].map(([r, n]) => (n > 1 ? `${r.replace(/\.$/, '')} (${n} times).` : r));
}
/** "sha256:6692c76145e5…": enough to compare by eye; the full value is in the title and the copy. */
const shortHash = (h: string): string => (h.length > 19 ? `${h.slice(0, 19)}…` : h);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "High risk": the list's rows and the card say it alike (a bare "High" says high what?). */
const RiskChip = ({ risk }: { risk: string }) => <Chip tone={`risk-${risk}`}>{riskName(risk)} risk</Chip>;

type FieldView = ClaimView['fields'][number];

/** "Start, end and guest 1": a list of field labels, the first one capitalised. */
function labelList(labels: readonly string[]): string {
  const words = labels.map((l, i) => (i === 0 ? l : l.charAt(0).toLowerCase() + l.slice(1)));
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/**
 * Fields that came from the same place, as one line ("Start, end and guest 1" — from the email
 * …): an invitation's five fields from one email are read once, and the card keeps its room.
 */
function sameOrigins(fields: readonly FieldView[]) {
  const groups = new Map<string, FieldView[]>();
  for (const f of fields) {
    const key = `${f.untrusted ? 'u' : 't'}:${f.provenance}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  return [...groups].map(([key, fs]) => ({
    key,
    untrusted: fs[0]!.untrusted,
    provenance: fs[0]!.provenance,
    labels: labelList(fs.map((f) => f.label)),
    sentences: fs.map((f) => f.sentence).join(' '),
  }));
}

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
  // Where the card shown was in the list: once decided it leaves the list, and the item that
  // took its place is the next one to decide.
  const [at, setAt] = useState(0);
  if (index >= 0 && index !== at) setAt(index);
  const from = index >= 0 ? index + 1 : at;
  const next = [...list.slice(from), ...list.slice(0, from)].find((c) => c.id !== current) ?? null;
  // The card the person goes on to from a decided one: it takes the cursor once shown.
  const [arriving, setArriving] = useState<string | null>(null);
  const goNext = () => {
    if (!next) return;
    setArriving(next.id);
    go('review', next.id);
  };
  useKeys({
    j: () => (index >= 0 ? list[index + 1] && go('review', list[index + 1]!.id) : goNext()),
    k: () => index > 0 && go('review', list[index - 1]!.id),
  });
  return (
    <div className="review">
      <ClaimList list={list} current={current} onDecided={reload} />
      {current ? (
        <ClaimCard
          key={current}
          id={current}
          onDecided={reload}
          next={next}
          onNext={goNext}
          takeFocus={arriving === current}
          onFocused={() => setArriving(null)}
        />
      ) : (
        list.length === 0 && <NothingToDecide />
      )}
    </div>
  );
}

/**
 * After a decision, the cursor goes on to what waits next (Enter opens it), or to the words
 * that say nothing does: a keyboard goes card to card and never falls back to the page.
 */
function NextUp({ next, onNext }: { next: ClaimRowView | null; onNext: () => void }) {
  const ref = useRef<HTMLButtonElement & HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), [next?.id]);
  return next ? (
    <p className="next-up">
      <button type="button" ref={ref} onClick={onNext}>
        Next (j): {next.what}
      </button>
    </p>
  ) : (
    <p className="next-up calm" ref={ref} tabIndex={-1}>
      Nothing left to review.
    </p>
  );
}

/** The empty queue's card: what lands here, and where to go to make something land. */
function NothingToDecide() {
  return (
    <section className="pane review-empty" aria-labelledby="review-empty-title">
      <h2 id="review-empty-title">Nothing to decide</h2>
      <p>
        Before the assistant sends, books, deletes or changes anything that matters, it stops and asks you here: you see
        what it would do and where each part came from, then approve or reject it.
      </p>
      <p>
        To give it work, <a href="#/inbox">triage new mail in the Inbox</a> or <a href="#/ask">ask it something</a>.
      </p>
    </section>
  );
}

function ClaimList({
  list,
  current,
  onDecided,
}: {
  list: ClaimRowView[];
  current: string | null;
  onDecided: () => void;
}) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [checked, setChecked] = useState(false);
  const { report, setStatus } = useApp();
  const chosen = list.filter((c) => selected.has(c.id));
  const kinds = new Set(chosen.map((c) => c.tool));
  const anyHigh = chosen.some((c) => c.risk === 'high');
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const decide = async (how: 'approve' | 'reject') => {
    try {
      const r = await api.claims.decideMany(
        chosen.map((c) => ({ id: c.id, hash: c.contentHash })),
        how,
        '',
      );
      const failed = r.filter((x) => !x.ok);
      const done = r.length - failed.length;
      setStatus({
        text: `${how === 'approve' ? 'Approved' : 'Rejected'} ${plural(done, 'action')}.${failed.length ? ` Not decided: ${failed.map((f) => `“${chosen.find((c) => c.id === f.id)?.what ?? f.id}” (${f.error})`).join('; ')}` : ''}`,
        tone: failed.length ? 'error' : 'ok',
      });
      setSelected(new Set());
      setChecked(false);
      onDecided();
    } catch (e) {
      report(e);
    }
  };
  return (
    <section className="pane claim-list" aria-label="Waiting for you">
      <h1>Review</h1>
      {chosen.length > 0 && (
        <div className="batch" role="group" aria-label="Decide the selected actions">
          {kinds.size > 1 ? (
            <p>Select actions of one kind to decide them together.</p>
          ) : (
            <>
              <p>{plural(chosen.length, 'action')} selected.</p>
              {anyHigh && (
                <label className="check">
                  <input type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} />I checked
                  each of them (some are high risk)
                </label>
              )}
              <button
                type="button"
                className="approve"
                disabled={anyHigh && !checked}
                onClick={() => void decide('approve')}
              >
                Approve {chosen.length}
              </button>
              <button type="button" className="reject" onClick={() => void decide('reject')}>
                Reject {chosen.length}
              </button>
            </>
          )}
        </div>
      )}
      {list.length === 0 ? (
        <p className="calm">Nothing waits for you. The assistant asks only when it must.</p>
      ) : (
        <ul>
          {list.map((c) => (
            <li key={c.id} className={c.id === current ? 'current' : ''}>
              <input
                type="checkbox"
                aria-label={`Select: ${c.what}`}
                checked={selected.has(c.id)}
                onChange={() => toggle(c.id)}
              />
              <a href={`#/review/${encodeURIComponent(c.id)}`} aria-current={c.id === current ? 'true' : undefined}>
                <RiskChip risk={c.risk} /> {c.what}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface CardProps {
  readonly onDecided: () => void;
  /** What waits after this card, offered once it is decided. */
  readonly next: ClaimRowView | null;
  readonly onNext: () => void;
  /** The card takes the cursor when it is shown (the person went on from a decided one). */
  readonly takeFocus: boolean;
  readonly onFocused: () => void;
}

function ClaimCard({ id, ...props }: CardProps & { id: string }) {
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
  return <Card c={c} setC={setC} {...props} />;
}

function Recipients({ c }: { c: ClaimView }) {
  if (!c.recipients.length) return null;
  const unsafe = new Map(c.unsafeRecipients.map((u) => [u.address, u.why]));
  return (
    <p className="recipients">
      <span className="label">{plural(c.recipients.length, 'recipient')}:</span>{' '}
      {c.recipients.map((r) => (
        <Chip key={r} tone={unsafe.has(r) ? 'bad' : 'neutral'} title={unsafe.get(r)}>
          {r}
          {unsafe.has(r) ? ` — ${unsafe.get(r)}` : ''}
        </Chip>
      ))}
    </p>
  );
}

function Card({
  c,
  setC,
  onDecided,
  next,
  onNext,
  takeFocus,
  onFocused,
}: CardProps & { c: ClaimView; setC: (c: ClaimView) => void }) {
  // Decided here, now: the cursor goes on to what waits next.
  const [decided, setDecided] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!takeFocus) return;
    heading.current?.focus();
    onFocused();
  }, [takeFocus, onFocused]);
  const [rejecting, setRejecting] = useState(false);
  // Set once the reject form is left without rejecting: the cursor goes back to Reject, not the page.
  const [leftReject, setLeftReject] = useState(false);
  const [reason, setReason] = useState('');
  const [always, setAlways] = useState(false);
  const [more, setMore] = useState(false);
  const [editing, setEditing] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const { report, setStatus } = useApp();
  useEffect(() => {
    if (!LIVE.has(c.state)) return;
    const t = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(t);
  }, [c.state]);

  const pending = c.state === 'pending';
  // Undone (z or Undo): the card waits again and the next-up button goes, so the cursor comes
  // back to the card instead of falling to the page.
  const undo = async () => {
    setC(await api.claims.undo(c.id));
    setDecided(false);
    heading.current?.focus();
    onDecided();
  };
  const approved = (v: ClaimView) => {
    setC(v);
    setAlways(false);
    setDecided(true);
    setStatus({
      text: `Approved: ${c.what}`,
      tone: 'ok',
      // Once the outbox may commit it, it can no longer be undone.
      ...(v.commit ? { undoUntil: Date.parse(v.commit.notBefore) } : {}),
      undo,
    });
    onDecided();
  };
  const approve = async () => {
    if (!pending) return;
    try {
      approved(await api.claims.approve(c.id, c.contentHash));
    } catch (e) {
      report(e);
    }
  };
  const cancelReject = () => {
    setRejecting(false);
    setLeftReject(true);
  };
  const reject = async () => {
    try {
      setC(await api.claims.reject(c.id, reason));
      setDecided(true);
      setStatus({ text: 'Rejected. Nothing was done.', tone: 'ok' });
      setRejecting(false);
      onDecided();
    } catch (e) {
      report(e);
    }
  };

  const canEdit = pending && editableFields(c).length > 0;
  const waitLeft = c.commit ? Math.max(0, Math.ceil((new Date(c.commit.notBefore).getTime() - now) / 1000)) : 0;
  const untrustedFirst = sameOrigins([...c.fields].sort((a, b) => Number(b.untrusted) - Number(a.untrusted)));
  return (
    <article className={`pane claim-card risk-${c.risk}`} aria-labelledby="claim-what">
      <header>
        <p className="eyebrow">
          <RiskChip risk={c.risk} /> <Chip tone="state">{claimStateName(c.state)}</Chip>
        </p>
        <h2 id="claim-what" ref={heading} tabIndex={-1}>
          {c.what}
        </h2>
        <Recipients c={c} />
      </header>
      <div className="card-body">
        <ClaimPreview p={c.preview} />
        <div className="card-side" role="region" aria-label="Why it asks and where each part came from" tabIndex={0}>
          <section className="why" aria-labelledby="why-title">
            <h3 id="why-title">Why it asks</h3>
            <ul>
              {c.why.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          </section>
          <section className="provenance" aria-labelledby="provenance-title">
            <h3 id="provenance-title">Where each part came from</h3>
            <ul className="fields">
              {untrustedFirst.map((g) => (
                <li key={g.key} className={g.untrusted ? 'untrusted' : ''} title={g.sentences}>
                  <span className="field-label">{g.labels}</span>{' '}
                  <Chip tone={g.untrusted ? 'bad' : 'ok'} title={g.sentences}>
                    {g.provenance}
                  </Chip>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
      <details className="more" open={more} onToggle={(e) => setMore((e.target as HTMLDetailsElement).open)}>
        <summary>How it came about, every reason and the fingerprint of what you approve</summary>
        {/* Drawn once open: the layout fits the graph to the space it is given. */}
        {more && <LineageGraph graph={c.lineage} />}
        <ul className="sentences">
          {c.fields.map((f) => (
            <li key={f.path}>{f.sentence}</li>
          ))}
        </ul>
        <p>Why the policy asks you:</p>
        <ul className="reasons">
          {tallied(c.reasons).map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
        <p className="rule">
          Policy rule: <span title={`Its id in your policy: ${c.rule}`}>{c.ruleWords}</span>
          <br />
          <small className="rule-id">
            Its id in your policy: <code>{c.rule}</code>
          </small>
        </p>
        <p className="hash">
          What you approve is exactly what is committed: its fingerprint is{' '}
          <code title={c.contentHash}>{shortHash(c.contentHash)}</code>{' '}
          <button type="button" className="link" onClick={() => void navigator.clipboard.writeText(c.contentHash)}>
            Copy the full fingerprint
          </button>
        </p>
      </details>

      {editing && (
        <ClaimEditForm
          c={c}
          onSaved={(v) => {
            setC(v);
            setEditing(false);
            setStatus({ text: 'Edited: approve what you now see, or reject it.', tone: 'ok' });
          }}
          onCancel={() => setEditing(false)}
        />
      )}
      {always && <AlwaysAllow c={c} onApproved={approved} onClose={() => setAlways(false)} />}
      {pending && !rejecting && !editing && !always && (
        <ClaimDecide
          key={c.contentHash}
          c={c}
          canEdit={canEdit}
          focusReject={leftReject}
          act={{
            approve,
            startReject: () => setRejecting(true),
            startEdit: () => canEdit && setEditing(true),
            alwaysAllow: () => setAlways(true),
          }}
        />
      )}
      {pending && rejecting && (
        <form
          className="decide reject-form"
          onSubmit={(e) => {
            e.preventDefault();
            void reject();
          }}
          onKeyDown={(e) => {
            // Escape leaves the form and rejects nothing, as Cancel does.
            if (e.key !== 'Escape') return;
            e.stopPropagation();
            cancelReject();
          }}
        >
          <label>
            Why reject? (optional, kept in the audit log)
            <input autoFocus value={reason} onChange={(e) => setReason(e.target.value)} maxLength={1000} />
          </label>
          <button type="submit" className="reject">
            Reject
          </button>
          <button type="button" onClick={cancelReject}>
            Cancel (Escape)
          </button>
        </form>
      )}
      {c.commit && (
        <p className="commit" role="status">
          {c.state === 'approved' && waitLeft > 0
            ? `${c.preview.kind === 'organize' ? 'Carried out' : 'Sending'} in ${waitLeft} s — undo with z.`
            : c.state === 'committed'
              ? 'Done.'
              : c.state === 'failed'
                ? `It could not be done: ${c.error ?? 'no reason was given'}.`
                : // Undone: the card waits again, under Approve; "Cancelled" read as the action's end.
                  pending && c.commit.state === 'cancelled'
                  ? 'You undid your approval: nothing was done, and it waits for your decision again.'
                  : commitWords(c.commit)}
          {c.state === 'approved' && (
            <button type="button" onClick={() => void undo().catch(report)}>
              Undo
            </button>
          )}
        </p>
      )}
      {c.state === 'rejected' && <p className="commit">Rejected{c.reason ? `: ${c.reason}` : ''}.</p>}
      {decided && !pending && <NextUp next={next} onNext={onNext} />}
    </article>
  );
}

/** Where an approved action is on its way out, in words: "Sending now (second try)". */
function commitWords(k: { state: string; attempts: number }): string {
  const tries = k.attempts > 1 ? ` (try ${k.attempts})` : '';
  if (k.state === 'sending') return `Sending now${tries}.`;
  if (k.state === 'waiting') return `Waiting to be sent${tries}.`;
  if (k.state === 'cancelled') return 'Cancelled: nothing was done.';
  return `On its way out${tries}.`;
}
