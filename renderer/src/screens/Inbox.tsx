/**
 * Inbox: the triaged list (virtualised, paged as it scrolls), the message (plain text; HTML only
 * on request in a sandboxed frame), and the assistant's side — summary, category, the governed
 * draft (editable: an edit makes it yours) and any claim it raised.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  CATEGORIES,
  type InboxPage,
  type MailUndo,
  type MessageRow,
  type MessageView,
} from '../../../preload/contract';
import { api } from '../api';
import { Chip } from '../components/Chip';
import { MessageHtml } from '../components/MessageHtml';
import { MoveTo } from '../components/MoveTo';
import { useKeys } from '../keys';
import { cachedMessage, forgetMessage, prefetchMessages, readMessage } from '../message-cache';
import { go } from '../route';
import { useApp } from '../store';

const ROW_HEIGHT = 68;
const shortFrom = (f: string) => (/^\s*"?([^"<]+?)"?\s*</.exec(f)?.[1] ?? f).trim();
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function useInbox(category: string, search: string) {
  const [items, setItems] = useState<MessageRow[]>([]);
  const [next, setNext] = useState<InboxPage['next']>(null);
  const [total, setTotal] = useState(0);
  const [version, setVersion] = useState(0);
  const loading = useRef(false);
  const report = useApp((s) => s.report);
  const query = useCallback(
    (after?: InboxPage['next']) =>
      api.inbox.page({
        ...(category ? { category: category as MessageRow['category'] & string } : {}),
        ...(search ? { search } : {}),
        limit: 200,
        ...(after ? { after } : {}),
      }),
    [category, search],
  );
  useEffect(() => {
    let live = true;
    query()
      .then((p) => {
        if (!live) return;
        setItems(p.items);
        setNext(p.next);
        setTotal(p.total);
      })
      .catch(report);
    return () => {
      live = false;
    };
  }, [query, version, report]);
  const more = useCallback(() => {
    if (!next || loading.current) return;
    loading.current = true;
    query(next)
      .then((p) => {
        setItems((xs) => [...xs, ...p.items]);
        setNext(p.next);
      })
      .catch(report)
      .finally(() => (loading.current = false));
  }, [next, query, report]);
  return { items, total, more, hasMore: next !== null, reload: () => setVersion((v) => v + 1) };
}

export function InboxScreen({ id }: { id: string | null }) {
  const [category, setCategory] = useState('');
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const { items, total, more, hasMore, reload } = useInbox(category, search);
  const [counts, setCounts] = useState<Record<string, number>>({});
  const { setStatus, report, refresh, info } = useApp();
  const [triaging, setTriaging] = useState(false);
  const searchBox = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const selected = items.findIndex((m) => m.id === id);
  // j and k open these next: have them in memory before the key is pressed.
  const before = items[selected - 1]?.id;
  const after = items[selected + 1]?.id;
  useEffect(() => prefetchMessages([after, before]), [after, before]);

  useEffect(() => {
    api.inbox.counts().then(setCounts).catch(report);
  }, [items, report]);

  // The virtualizer's functions are not memoizable; this component re-renders on scroll anyway.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => listRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const virtualItems = virtualizer.getVirtualItems();
  useEffect(() => {
    const last = virtualItems[virtualItems.length - 1];
    if (last && last.index >= items.length - 20 && hasMore) more();
  }, [virtualItems, items.length, hasMore, more]);

  const open = (i: number) => {
    const m = items[Math.max(0, Math.min(items.length - 1, i))];
    if (!m) return;
    go('inbox', m.id);
    virtualizer.scrollToIndex(items.indexOf(m), { align: 'auto' });
  };

  const triage = async () => {
    setTriaging(true);
    setStatus({ text: 'Triaging new mail…', tone: 'info' });
    try {
      const r = await api.inbox.triage();
      setStatus({
        text: `Triaged ${r.triaged} emails: ${r.drafts} draft replies written, ${r.claims} actions wait for you.`,
        tone: 'ok',
      });
      reload();
      void refresh();
    } catch (e) {
      report(e);
    } finally {
      setTriaging(false);
    }
  };

  const [moving, setMoving] = useState(false);
  /** A person's change to a message, with its undo in the status line; `leaves`: it leaves this list. */
  const change = async (m: MessageRow, run: () => Promise<MailUndo>, done: string, leaves: boolean) => {
    try {
      const undo = await run();
      const index = items.indexOf(m);
      reload();
      if (leaves && items[index + 1]) go('inbox', items[index + 1]!.id);
      setStatus({
        text: done,
        tone: 'ok',
        undo: async () => {
          await api.inbox.undo(undo);
          reload();
        },
      });
    } catch (e) {
      report(e);
    }
  };
  const actions: MessageActions = {
    archive: (m) => void change(m, () => api.inbox.archive(m.id), `Archived “${m.subject}”.`, true),
    moveTo: (m, folder) => {
      setMoving(false);
      void change(m, () => api.inbox.move(m.id, folder), `Moved “${m.subject}” to ${folder}.`, true);
    },
    markUnread: (m) => void change(m, () => api.inbox.markRead(m.id, false), `Marked “${m.subject}” unread.`, false),
  };

  useKeys({
    j: () => open(selected + 1),
    k: () => open(selected - 1),
    ArrowDown: () => open(selected + 1),
    ArrowUp: () => open(selected - 1),
    Enter: () => open(Math.max(0, selected)),
    e: () => items[selected] && actions.archive(items[selected]!),
    // The open message, even before the list around it has loaded.
    v: () => id !== null && setMoving(true),
    u: () => items[selected] && actions.markUnread(items[selected]!),
    '/': () => searchBox.current?.focus(),
    r: () => document.querySelector<HTMLTextAreaElement>('.draft textarea')?.focus(),
  });

  return (
    <div className="inbox">
      <section className="pane list-pane" aria-label="Messages">
        <div className="toolbar">
          <form
            role="search"
            onSubmit={(e) => {
              e.preventDefault();
              setSearch(typed.trim());
            }}
          >
            <input
              ref={searchBox}
              type="search"
              aria-label="Search mail"
              placeholder="Search mail (/)"
              value={typed}
              onChange={(e) => {
                setTyped(e.target.value);
                if (!e.target.value) setSearch('');
              }}
            />
          </form>
          <button type="button" onClick={() => void triage()} disabled={triaging || info?.paused}>
            {triaging ? 'Triaging…' : `Triage new mail${counts.untriaged ? ` (${counts.untriaged})` : ''}`}
          </button>
        </div>
        <div className="categories" role="group" aria-label="Categories">
          {['', ...CATEGORIES].map((c) => (
            <button
              key={c || 'all'}
              type="button"
              aria-pressed={category === c}
              className={`cat cat-${c || 'all'}`}
              onClick={() => setCategory(c)}
            >
              {c || 'All'}
              {c && counts[c] ? ` ${counts[c]}` : ''}
            </button>
          ))}
        </div>
        <p className="count">{search ? `${items.length} results for “${search}”` : `${total} messages`}</p>
        <div className="virtual-list" ref={listRef} role="listbox" aria-label="Inbox" tabIndex={0}>
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualItems.map((v) => {
              const m = items[v.index]!;
              return (
                <div
                  key={m.id}
                  role="option"
                  aria-selected={m.id === id}
                  data-id={m.id}
                  className={`row ${m.unread ? 'unread' : ''} ${m.category === 'suspicious' ? 'suspicious' : ''}`}
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    height: ROW_HEIGHT,
                    transform: `translateY(${v.start}px)`,
                  }}
                  onClick={() => go('inbox', m.id)}
                >
                  <div className="row-top">
                    <span className="from">{shortFrom(m.from)}</span>
                    {m.pendingClaim && (
                      <span className="dot" title="An action waits for your approval" aria-label="action waiting" />
                    )}
                    {m.category && <Chip tone={m.category}>{m.category}</Chip>}
                  </div>
                  <div className="subject">{m.subject}</div>
                  <div className="preview">{m.summary ?? m.preview}</div>
                </div>
              );
            })}
          </div>
        </div>
      </section>
      {id ? (
        <MessagePanes key={id} id={id} actions={actions} moving={moving} setMoving={setMoving} onChanged={reload} />
      ) : (
        <div className="pane empty">Select a message (j / k).</div>
      )}
    </div>
  );
}

interface MessageActions {
  archive(m: MessageRow): void;
  moveTo(m: MessageRow, folder: string): void;
  markUnread(m: MessageRow): void;
}

function MessagePanes({
  id,
  actions,
  moving,
  setMoving,
  onChanged,
}: {
  id: string;
  actions: MessageActions;
  moving: boolean;
  setMoving: (moving: boolean) => void;
  onChanged: () => void;
}) {
  // Shown at once from memory when prefetched, then read again for what may have changed.
  const [m, setM] = useState<MessageView | null>(() => cachedMessage(id) ?? null);
  const [showHtml, setShowHtml] = useState(false);
  const report = useApp((s) => s.report);
  useEffect(() => {
    let live = true;
    const cached = cachedMessage(id);
    forgetMessage(id);
    readMessage(id)
      .then((v) => {
        if (!live) return;
        setM(v);
        if (v.unread || cached?.unread) {
          forgetMessage(id);
          void api.inbox.markRead(id, true).then(onChanged);
        }
      })
      .catch(report);
    return () => {
      live = false;
    };
    // onChanged is stable enough: re-reading on every list reload would loop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, report]);
  if (!m || m.id !== id) return <div className="pane empty">Loading…</div>;
  return (
    <>
      <article className="pane message" aria-labelledby="message-subject">
        <header>
          <h1 id="message-subject">{m.subject}</h1>
          <p className="meta">
            <span>
              From <strong>{m.from}</strong>
              {!m.fromIsContact && <Chip tone="warn">not in your contacts</Chip>}
            </span>
            <span>To {m.to.join(', ')}</span>
            <time dateTime={m.date}>{when(m.date)}</time>
          </p>
          <div className="actions">
            <button type="button" onClick={() => actions.archive(m)}>
              Archive (e)
            </button>
            <button type="button" onClick={() => setMoving(true)} aria-expanded={moving}>
              Move to… (v)
            </button>
            <button type="button" onClick={() => actions.markUnread(m)}>
              Mark unread (u)
            </button>
            {m.html && (
              <button type="button" onClick={() => setShowHtml((s) => !s)} aria-pressed={showHtml}>
                {showHtml ? 'Show text' : 'Show HTML'}
              </button>
            )}
          </div>
          {moving && (
            <MoveTo
              id={m.id}
              current={m.folder}
              onMove={(f) => actions.moveTo(m, f)}
              onClose={() => setMoving(false)}
            />
          )}
        </header>
        {m.warnings.length > 0 && (
          <div className="warning-band" role="alert">
            <strong>Be careful with this email.</strong>
            <ul>
              {m.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          </div>
        )}
        {showHtml && m.html ? <MessageHtml html={m.html} /> : <pre className="body">{m.body}</pre>}
        {m.attachments.length > 0 && (
          <ul className="attachments" aria-label="Attachments">
            {m.attachments.map((a) => (
              <li key={a.filename}>
                {a.filename} <small>{a.contentType}</small>
              </li>
            ))}
          </ul>
        )}
      </article>
      <aside className="pane assistant" aria-label="Assistant">
        <h2>Assistant</h2>
        {m.category ? (
          <>
            <p>
              <Chip tone={m.category}>{m.category}</Chip>
            </p>
            {m.summary && <p className="summary">{m.summary}</p>}
            <p className="provenance-note">Summary and category are derived from this email: shown, never obeyed.</p>
          </>
        ) : (
          <p>Not triaged yet.</p>
        )}
        {m.drafts.map((d) => (
          <DraftEditor key={d.id} draft={d} />
        ))}
        {m.claimIds.length > 0 && (
          <div className="claims-here">
            <h3>Waiting for you</h3>
            <ul>
              {m.claimIds.map((c) => (
                <li key={c}>
                  <a href={`#/review/${encodeURIComponent(c)}`}>Review action {c}</a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </aside>
    </>
  );
}

function DraftEditor({ draft }: { draft: MessageView['drafts'][number] }) {
  const [body, setBody] = useState(draft.body);
  const [saved, setSaved] = useState(draft);
  const { setStatus, report } = useApp();
  const dirty = body !== saved.body;
  return (
    <form
      className="draft"
      onSubmit={(e) => {
        e.preventDefault();
        api.inbox
          .editDraft(draft.id, { body })
          .then((d) => {
            setSaved(d);
            setStatus({ text: 'Draft saved. It is yours now: nothing is sent without you.', tone: 'ok' });
          })
          .catch(report);
      }}
    >
      <h3>
        Draft reply{' '}
        <Chip tone={saved.edited ? 'ok' : 'info'}>{saved.edited ? 'edited by you' : 'written by the assistant'}</Chip>
      </h3>
      <p className="meta">
        To {saved.to.join(', ')} · {saved.subject}
      </p>
      <label htmlFor={`draft-body-${draft.id}`} className="visually-hidden">
        Draft body
      </label>
      <textarea id={`draft-body-${draft.id}`} value={body} rows={8} onChange={(e) => setBody(e.target.value)} />
      <button type="submit" disabled={!dirty}>
        Save draft
      </button>
    </form>
  );
}
