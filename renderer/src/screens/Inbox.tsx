/**
 * Inbox: the conversation list of a folder (virtualised, paged as it scrolls; one account's or
 * every account's), the conversation (oldest first; the open message in full, plain text; HTML
 * only on request in a sandboxed frame), and the assistant's side — summary, category, the
 * governed draft (editable: an edit makes it yours) and any claim it raised. Bulk select (`x`,
 * shift-click) archives, moves or marks many at once.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AccountView, InboxPage, InboxQuery, MailUndo, MessageRow, MessageView } from '../../../preload/contract';
import { CATEGORIES } from '../../../preload/contract-values';
import { api, errorText } from '../api';
import { Attachments } from '../components/Attachments';
import { Chip } from '../components/Chip';
import {
  closedDraft,
  Compose,
  hasWriting,
  keptCompose,
  reopenedDraft,
  startCompose,
  stillWriting,
  type ComposeMode,
  type ComposeState,
} from '../components/Compose';
import { Highlight } from '../components/Highlight';
import { InvitationCard } from '../components/InvitationCard';
import { folderLabel } from '../components/MailRail';
import { MessageHtml } from '../components/MessageHtml';
import { MoveTo } from '../components/MoveTo';
import { replayEarlyInput } from '../early-input';
import { accountName, bare, categoryName, count, listDate, longDate, shortFrom } from '../format';
import { useKeys } from '../keys';
import { FIRST_PAGE, takeFirstPage, writtenFirstPage } from '../first-page';
import { cachedMessage, forgetMessage, prefetchMessages, readMessage } from '../message-cache';
import { useHydrated } from '../hydration';
import { currentRoute, go } from '../route';
import { noDraftNote, noReplyWarning } from '../no-reply';
import { announceSend } from '../sending';
import { useApp, type Mailbox } from '../store';

const ROW_HEIGHT = 68;
/**
 * The list's height before it is measured: the rows the first screen shows (the host renders
 * them before the page has a size; the page's first render must make the same ones).
 */
const FIRST_LIST_HEIGHT = 1200;

/** A change shown before the server has made it: the row as it will be, or null when it leaves the list. */
type RowEdit = (m: MessageRow) => MessageRow | null;

/** A change under way; `made` once the server has made it (it shows until the list is read again). */
interface Pending {
  readonly edit: RowEdit;
  readonly made: boolean;
}

/** The rows with the changes under way applied. */
const edited = (items: readonly MessageRow[], pending: ReadonlyMap<string, Pending>): MessageRow[] =>
  items.flatMap((m) => {
    const p = pending.get(m.id);
    const r = p ? p.edit(m) : m;
    return r ? [r] : [];
  });

function useInbox(mailbox: Mailbox, category: string, search: string) {
  const first = useMemo(
    (): InboxQuery => ({
      folder: mailbox.folder,
      ...(mailbox.account ? { account: mailbox.account } : {}),
      ...(category ? { category: category as MessageRow['category'] & string } : {}),
      ...(search ? { search } : {}),
      limit: FIRST_PAGE.limit,
    }),
    [mailbox, category, search],
  );
  // The page the host wrote in shows in the first frame, not after a round of effects.
  const [written] = useState(() => writtenFirstPage(first));
  const [items, setItems] = useState<MessageRow[]>(written?.items ?? []);
  const [next, setNext] = useState<InboxPage['next']>(written?.next ?? null);
  const [total, setTotal] = useState(written?.total ?? 0);
  const [highlight, setHighlight] = useState<string[]>(written?.highlight ?? []);
  /** The search the items shown answer (the box may already hold another). */
  const [answered, setAnswered] = useState('');
  const [version, setVersion] = useState(0);
  /** The first page has answered (until then nothing else of the Inbox is asked for). */
  const [loaded, setLoaded] = useState(written !== null);
  /** Changes under way: shown at once, and over any list read while the server makes them. */
  const [pending, setPending] = useState<ReadonlyMap<string, Pending>>(new Map());
  /** A page asked for is under way: the list asks for no other until it has answered. */
  const loading = useRef(false);
  /**
   * Pages answered, kept or dropped: each answer makes the list look again whether its end is in
   * view, even if nothing scrolls. (A flag set while a page was under way did not always: React
   * may render its set and its clear as one, when the answer comes before the render is done on
   * a busy machine, and a list whose page was dropped then never asked again.)
   */
  const [answers, setAnswers] = useState(0);
  /**
   * Which first page the list holds: a page asked for under an earlier one (a reload while
   * scrolling) would append its rows after the wrong ones, leaving a page out.
   */
  const generation = useRef(0);
  const report = useApp((s) => s.report);
  const query = useCallback(
    (after?: InboxPage['next']) => api.inbox.page({ ...first, ...(after ? { after } : {}) }),
    [first],
  );
  useEffect(() => {
    const early = takeFirstPage(first);
    // The page the host wrote in is the list already (its first state): taken over, it is no new
    // list. Read again as one (a tick later), it dropped the next page the list had asked for
    // meanwhile, on every start.
    if (early && written) return;
    let live = true;
    (early ?? query())
      .then((p) => {
        if (!live) return;
        generation.current++;
        setItems(p.items);
        setLoaded(true);
        // Read after the server made them: these rows already show the changes.
        setPending((q) => new Map([...q].filter(([, c]) => !c.made)));
        setNext(p.next);
        setTotal(p.total);
        setHighlight(p.highlight);
        setAnswered(search);
      })
      .catch(report);
    return () => {
      live = false;
    };
  }, [first, query, version, report, search, written]);
  const more = useCallback(() => {
    if (!next || loading.current) return;
    loading.current = true;
    const asked = generation.current;
    query(next)
      .then((p) => {
        if (asked !== generation.current) return;
        setItems((xs) => [...xs, ...p.items]);
        setNext(p.next);
      })
      .catch(report)
      .finally(() => {
        loading.current = false;
        setAnswers((n) => n + 1);
      });
  }, [next, query, report]);
  const rows = useMemo(() => edited(items, pending), [items, pending]);
  /** Shows `edit` on these rows now, before the server has made the change. */
  const expect = useCallback((ids: readonly string[], edit: RowEdit) => {
    setPending((p) => new Map([...p, ...ids.map((x) => [x, { edit, made: false }] as const)]));
  }, []);
  /** The server has answered for these rows: made (shown until the next read) or not (back as they were). */
  const settle = useCallback((ids: readonly string[], made: boolean) => {
    setPending((p) => {
      const q = new Map(p);
      for (const x of ids) {
        const c = q.get(x);
        if (c && made) q.set(x, { ...c, made });
        else q.delete(x);
      }
      return q;
    });
  }, []);
  return {
    loaded,
    items: rows,
    // Rows that left the list optimistically leave its count too.
    total: total - (items.length - rows.length),
    highlight,
    answered,
    more,
    hasMore: next !== null,
    answers,
    reload: () => setVersion((v) => v + 1),
    expect,
    settle,
  };
}

/** The ids between two rows of the list, both included (shift-click). */
const range = (items: readonly MessageRow[], a: string, b: string): string[] => {
  const [i, j] = [items.findIndex((m) => m.id === a), items.findIndex((m) => m.id === b)].sort((x, y) => x - y);
  return i < 0 ? [b] : items.slice(i, j + 1).map((m) => m.id);
};

/** What the empty reading pane tells a person: how to open a conversation, or why there is none. */
/** An account as the rail names it ("Demo account"), or its id while the accounts load. */
const shownName = (accounts: readonly AccountView[], id: string): string => {
  const a = accounts.find((x) => x.id === id);
  return a ? accountName(a) : id;
};

function AccountChip({ id }: { id: string }) {
  const { accounts } = useApp();
  return <Chip tone="account">{shownName(accounts, id)}</Chip>;
}

/**
 * "not in your contacts" beside a sender who is not one; not beside one's own mail in Sent, which
 * only the account's owner puts there (a message in the Inbox forged as one's own keeps it).
 */
function StrangerChip({ m }: { m: MessageView }) {
  const { accounts } = useApp();
  const own = accounts.find((a) => a.id === m.account)?.email;
  if (m.fromIsContact || (m.folder === 'Sent' && own !== undefined && bare(m.from) === bare(own))) return null;
  return <Chip tone="warn">not in your contacts</Chip>;
}

function readingPaneHint(o: { listed: boolean; search: string; category: string; folder: string }): string {
  if (o.listed) return 'Click a conversation to read it, or press j for the next one and k for the one before.';
  if (o.search) return 'No conversation matches your search. Try other words, or clear the search box to see all mail.';
  const folder = inFolder(o.folder);
  if (o.category)
    return `No conversation in ${folder} is marked “${categoryName(o.category)}”. Choose All to see every conversation.`;
  return `There is nothing to read in ${folder}.${isInbox(o.folder) ? ' New mail shows up here as it arrives.' : ''}`;
}

const isInbox = (folder: string): boolean => folder.toUpperCase() === 'INBOX';
/** A folder as a sentence names it: "the Inbox", "“Projects”". */
const inFolder = (folder: string): string => (isInbox(folder) ? 'the Inbox' : `“${folderLabel(folder)}”`);

/** Beside an empty list: why it is empty (a search, a category chosen, or nothing in the folder). */
function emptyList(o: { search: string; category: string; folder: string }): string {
  if (o.search) return 'Nothing matches.';
  if (o.category) return `Nothing here is marked “${categoryName(o.category)}”.`;
  return isInbox(o.folder) ? 'The Inbox is empty.' : 'This folder is empty.';
}

export function InboxScreen({ id }: { id: string | null }) {
  const [category, setCategory] = useState('');
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const { setStatus, report, refresh, info, accounts, mailbox } = useApp();
  const { loaded, items, total, highlight, answered, more, hasMore, answers, reload, expect, settle } = useInbox(
    mailbox,
    category,
    search,
  );
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [triaging, setTriaging] = useState(false);
  /** Triages done here: the open message is read again after each (its category and summary). */
  const [triaged, setTriaged] = useState(0);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  // What is being written; one left open last time comes back as it was, without the cursor
  // (the Inbox's keys stay the Inbox's until the person opens it).
  const [compose, setCompose] = useState<ComposeState | null>(null);
  const [composeOpened, setComposeOpened] = useState(0);
  const composeNow = useRef<ComposeState | null>(null);
  const composeEdited = useCallback((s: ComposeState) => void (composeNow.current = s), []);
  // A message closed with × while it had writing in it: still the kept draft, so starting
  // another message opens it again rather than writing over it (there is one draft slot).
  const closed = useRef<ComposeState | null>(null);
  const reopen = (s: ComposeState) => {
    closed.current = null;
    setComposeOpened((n) => n + 1);
    setCompose(s);
  };
  useEffect(() => {
    keptCompose()
      .then((kept) => kept && setCompose((open) => open ?? kept))
      .catch(report);
  }, [report]);
  const [openMessage, setOpenMessage] = useState<MessageView | null>(null);
  const [anchor, setAnchor] = useState<string | null>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const selected = items.findIndex((m) => m.id === id);
  /**
   * The conversation open now, as the address has it. A key acts on it, not on the last render:
   * `j` changes the address at once and the screen follows only after the hashchange, so an `x`
   * pressed in that gap (quickly, or on a busy machine) picks the conversation `j` opened.
   */
  const openNow = (): string | null => {
    const r = currentRoute();
    return r.screen === 'inbox' ? r.id : id;
  };
  const openIndex = () => items.findIndex((m) => m.id === openNow());
  const unified = mailbox.account === null && accounts.length > 1;
  const inInbox = isInbox(mailbox.folder);
  // j and k open these next: have them in memory before the key is pressed.
  const before = items[selected - 1]?.id;
  const after = items[selected + 1]?.id;
  useEffect(() => prefetchMessages([after, before]), [after, before]);

  useEffect(() => {
    // After the first page: the list's rows come before the category counts. The shown account's
    // counts (no argument for every account's: the bridge carries JSON, not undefined).
    if (!loaded) return;
    let current = true;
    (mailbox.account ? api.inbox.counts(mailbox.account) : api.inbox.counts())
      .then((c) => current && setCounts(c))
      .catch(report);
    return () => {
      current = false;
    };
  }, [loaded, items, report, mailbox.account]);
  // Another folder or account: another list, nothing picked in it.
  useEffect(() => setPicked(new Set()), [mailbox]);

  const hydrated = useHydrated();
  // The virtualizer's functions are not memoizable; this component re-renders on scroll anyway.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => listRef.current,
    estimateSize: () => ROW_HEIGHT,
    initialRect: { width: 0, height: FIRST_LIST_HEIGHT },
    // Rows beyond the list's end only matter once it can scroll with React behind it: the host's
    // first screen (and the take-over, which must make the same rows) has only the rows that fit.
    overscan: hydrated ? 8 : 0,
  });
  const virtualItems = virtualizer.getVirtualItems();
  useEffect(() => {
    const last = virtualItems[virtualItems.length - 1];
    if (last && last.index >= items.length - 20 && hasMore) more();
    // `answers`: a page answered (or dropped) is a reason to look again, though nothing scrolled.
  }, [virtualItems, items.length, hasMore, more, answers]);

  // Another list (a search, a category, a folder) starts at its top, not where the last one was.
  useEffect(() => {
    listRef.current?.scrollTo({ top: 0 });
  }, [mailbox, category, search]);

  // A conversation opened by a link or after an action: the list shows where it is.
  useEffect(() => {
    if (selected >= 0) virtualizer.scrollToIndex(selected, { align: 'auto' });
  }, [selected, virtualizer]);

  const open = (i: number) => {
    const m = items[Math.max(0, Math.min(items.length - 1, i))];
    if (!m) return;
    go('inbox', m.id);
    virtualizer.scrollToIndex(items.indexOf(m), { align: 'auto' });
  };

  const triage = async () => {
    setTriaging(true);
    setStatus({ text: 'Triaging new mail…', tone: 'info', busy: true });
    try {
      // No argument for every account (an absent one, not null: the bridge carries JSON).
      const r = await (mailbox.account ? api.inbox.triage(mailbox.account) : api.inbox.triage());
      setStatus({
        text:
          r.triaged === 0
            ? 'No new mail to triage: every email is sorted already.'
            : `Triaged ${count(r.triaged, 'email')}: ${count(r.drafts, 'draft reply', 'draft replies')} written, ${count(r.claims, 'action')} ${r.claims === 1 ? 'waits' : 'wait'} for you.`,
        tone: 'ok',
      });
      reload();
      setTriaged((n) => n + 1);
      void refresh();
    } catch (e) {
      report(e);
    }
    setTriaging(false);
  };

  const [moving, setMoving] = useState(false);
  // Where the person is now (a failed change goes back only if they have not moved on).
  const openId = useRef(id);
  openId.current = id;
  /**
   * A person's change to some messages, shown at once (`edit`; null when they leave this list,
   * and the next one opens), then made on the server one by one. The ones the server did not
   * make come back as they were, with a status saying why; when all were made, one undo for all
   * of them in the status line.
   */
  const change = async (
    ids: readonly string[],
    run: (id: string) => Promise<MailUndo>,
    what: { done: string; doing: string },
    edit: RowEdit,
  ) => {
    const current = openNow();
    const sample = items.find((m) => ids.includes(m.id));
    const leaves = sample !== undefined && edit(sample) === null;
    const next = items.slice(Math.max(0, openIndex())).find((m) => !ids.includes(m.id));
    const moved = leaves && current !== null && ids.includes(current) && next !== undefined;
    expect(ids, edit);
    if (moved) go('inbox', next.id);
    setPicked(new Set());
    const undos: MailUndo[] = [];
    let failure: unknown = null;
    for (const x of ids) {
      try {
        undos.push(await run(x));
      } catch (e) {
        failure = e;
        break;
      }
    }
    settle(ids.slice(0, undos.length), true);
    settle(ids.slice(undos.length), false);
    reload();
    void refresh();
    if (failure !== null) {
      const back = ids.length - undos.length;
      if (moved && openId.current === next?.id && current !== null && !ids.slice(0, undos.length).includes(current))
        go('inbox', current);
      setStatus({
        text: `${what.doing} failed, so ${back === 1 ? `${subjectOf(ids.slice(undos.length))} is back as it was` : `${count(back, 'conversation')} are back as they were`}: ${errorText(failure)}`,
        tone: 'error',
      });
      return;
    }
    setStatus({
      text: what.done,
      tone: 'ok',
      undo: async () => {
        for (const u of undos) await api.inbox.undo(u);
        reload();
      },
    });
  };
  const subjectOf = (ids: readonly string[]) =>
    ids.length === 1 ? `“${items.find((m) => m.id === ids[0])?.subject ?? ''}”` : count(ids.length, 'conversation');
  const leave: RowEdit = () => null;
  const actions: MessageActions = {
    archive: (ids) =>
      void change(ids, (x) => api.inbox.archive(x), { done: `Archived ${subjectOf(ids)}.`, doing: 'Archiving' }, leave),
    moveTo: (ids, folder) => {
      setMoving(false);
      const to = folderLabel(folder);
      void change(
        ids,
        (x) => api.inbox.move(x, folder),
        { done: `Moved ${subjectOf(ids)} to ${to}.`, doing: `Moving to ${to}` },
        leave,
      );
    },
    markRead: (ids, read) =>
      void change(
        ids,
        (x) => api.inbox.markRead(x, read),
        {
          done: `Marked ${subjectOf(ids)} ${read ? 'read' : 'unread'}.`,
          doing: `Marking ${read ? 'read' : 'unread'}`,
        },
        (m) => ({ ...m, unread: !read }),
      ),
  };
  /** What an action applies to: the picked conversations, else the open one. */
  const targets = (): string[] => {
    const current = openNow();
    return picked.size > 0 ? [...picked] : current !== null ? [current] : [];
  };
  const toggle = (x: string, shift: boolean) => {
    setPicked((s) => {
      const n = new Set(s);
      const ids = shift && anchor ? range(items, anchor, x) : [x];
      const on = !s.has(x);
      for (const y of ids)
        if (on) n.add(y);
        else n.delete(y);
      return n;
    });
    setAnchor(x);
  };

  const write = (mode: ComposeMode) => {
    if (mode !== 'new' && (!openMessage || openMessage.id !== id)) return;
    const account = mode === 'new' ? mailbox.account : (openMessage?.accountId ?? null);
    setComposeOpened((n) => n + 1);
    // One message is written at a time: one with anything typed in it keeps it and takes the cursor.
    const writing = composeNow.current;
    if (compose && writing && hasWriting(writing)) return setStatus({ text: stillWriting(writing), tone: 'info' });
    if (!compose && closed.current) {
      setStatus({ text: reopenedDraft(closed.current), tone: 'info' });
      return reopen(closed.current);
    }
    setCompose(startCompose(mode, mode === 'new' ? null : openMessage, account));
  };

  useKeys({
    c: () => write('new'),
    r: () => write('reply'),
    a: () => write('replyAll'),
    f: () => write('forward'),
    j: () => open(openIndex() + 1),
    k: () => open(openIndex() - 1),
    ArrowDown: () => open(openIndex() + 1),
    ArrowUp: () => open(openIndex() - 1),
    Enter: () => open(Math.max(0, openIndex())),
    x: () => {
      const current = openNow();
      if (current !== null) toggle(current, false);
    },
    e: () => targets().length > 0 && actions.archive(targets()),
    // The open message, even before the list around it has loaded.
    v: () => targets().length > 0 && setMoving(true),
    u: () => targets().length > 0 && actions.markRead(targets(), false),
    I: () => targets().length > 0 && actions.markRead(targets(), true),
    Escape: () => setPicked(new Set()),
    '/': () => searchBox.current?.focus(),
  });
  // Keys pressed and rows clicked on the server-rendered screen before these handlers listened.
  useEffect(() => void replayEarlyInput((row) => go('inbox', row)), []);

  const pickedIds = [...picked];
  return (
    <div className="inbox">
      <section className="pane list-pane" aria-label="Messages">
        <div className="list-head">
          <h1 className="folder-title">
            {folderLabel(mailbox.folder)}
            <span className="folder-account">
              {mailbox.account === null
                ? accounts.length > 1
                  ? ' · all accounts'
                  : ''
                : ` · ${shownName(accounts, mailbox.account)}`}
            </span>
          </h1>
          <button type="button" className="approve" onClick={() => write('new')}>
            Compose (c)
          </button>
        </div>
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
              title='Words, "a phrase", from: to: subject: is:unread is:starred has:attachment in:FOLDER before:YYYY-MM-DD after:YYYY-MM-DD'
              value={typed}
              onChange={(e) => {
                setTyped(e.target.value);
                if (!e.target.value) setSearch('');
              }}
              onKeyDown={(e) => {
                if (e.key === 'Escape') e.currentTarget.blur();
              }}
            />
            <button type="submit" className="search-go" aria-label="Search">
              <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
                <circle cx="6.5" cy="6.5" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
                <path d="m10 10 4 4" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
              </svg>
            </button>
          </form>
          <button type="button" onClick={() => void triage()} disabled={triaging || info?.paused}>
            {triaging
              ? 'Triaging…'
              : `Triage new mail${counts.untriaged ? ` (${counts.untriaged.toLocaleString('en')})` : ''}`}
          </button>
        </div>
        {picked.size > 0 ? (
          <div className="bulk" role="toolbar" aria-label="Selected conversations">
            <span>{count(picked.size, 'selected', 'selected')}</span>
            <button type="button" onClick={() => actions.archive(pickedIds)}>
              Archive (e)
            </button>
            <button type="button" onClick={() => setMoving(true)} aria-expanded={moving}>
              Move to… (v)
            </button>
            <button type="button" onClick={() => actions.markRead(pickedIds, true)}>
              Mark read (I)
            </button>
            <button type="button" onClick={() => actions.markRead(pickedIds, false)}>
              Mark unread (u)
            </button>
            <button type="button" className="link" onClick={() => setPicked(new Set())}>
              Clear (Esc)
            </button>
            {moving && (
              <MoveTo
                id={pickedIds[0]!}
                current={mailbox.folder}
                onMove={(f) => actions.moveTo(pickedIds, f)}
                onClose={() => setMoving(false)}
              />
            )}
          </div>
        ) : (
          <div className="categories" role="group" aria-label="Categories">
            {['', ...CATEGORIES].map((c) => (
              <button
                key={c || 'all'}
                type="button"
                aria-pressed={category === c}
                className={`cat cat-${c || 'all'}`}
                onClick={() => setCategory(c)}
              >
                {c ? categoryName(c) : 'All'}
                {/* The counts are the Inbox's (where triage sorts mail): another folder's would mislead. */}
                {c && inInbox && counts[c] ? ` ${counts[c]}` : ''}
              </button>
            ))}
          </div>
        )}
        <p className="count" aria-live="polite">
          {answered ? `${count(items.length, 'result')} for “${answered}”` : count(total, 'message')}
        </p>
        {/* Beside the list, not in it: a listbox holds options only. */}
        {items.length === 0 && (
          <p className="pane empty">{emptyList({ search: answered, category, folder: mailbox.folder })}</p>
        )}
        <div className="virtual-list" ref={listRef} role="listbox" aria-label="Conversations" tabIndex={0}>
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualItems.map((v) => {
              const m = items[v.index]!;
              return (
                <div
                  key={m.id}
                  role="option"
                  aria-selected={m.id === id}
                  data-id={m.id}
                  className={`row ${m.unread ? 'unread' : ''} ${m.category === 'suspicious' ? 'suspicious' : ''} ${picked.has(m.id) ? 'picked' : ''}`}
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    height: ROW_HEIGHT,
                    transform: `translateY(${v.start}px)`,
                  }}
                  // A shift-click picks a range of rows, not the text between them.
                  onMouseDown={(e) => e.shiftKey && e.preventDefault()}
                  onClick={(e) => {
                    if (e.shiftKey || e.metaKey || e.ctrlKey) {
                      e.preventDefault();
                      toggle(m.id, e.shiftKey);
                    } else go('inbox', m.id);
                  }}
                >
                  <div className="row-top">
                    {/* A pointer target only (an option may hold no control): the keyboard picks with x. */}
                    <span
                      className={`pick ${picked.has(m.id) ? 'on' : ''}`}
                      aria-hidden="true"
                      onClick={(e) => {
                        e.stopPropagation();
                        toggle(m.id, e.shiftKey);
                      }}
                    />
                    {picked.has(m.id) && <span className="visually-hidden">Selected. </span>}
                    <span className="from">
                      <Highlight text={shortFrom(m.from)} terms={highlight} />
                      {m.threadSize > 1 && <span className="thread-size"> {m.threadSize}</span>}
                    </span>
                    {m.pendingClaim && (
                      <span className="dot" title="An action waits for your approval" aria-label="action waiting" />
                    )}
                    {m.category && <Chip tone={m.category}>{categoryName(m.category)}</Chip>}
                    <time className="date" dateTime={m.date}>
                      {hydrated ? listDate(m.date) : ''}
                    </time>
                  </div>
                  <div className="subject">
                    {m.hasAttachments && <PaperClip />}
                    {unified && <AccountChip id={m.account} />}
                    <Highlight text={m.subject} terms={highlight} />
                  </div>
                  <div className="preview">
                    <Highlight text={m.summary ?? m.preview} terms={highlight} />
                  </div>
                </div>
              );
            })}
          </div>
        </div>
      </section>
      {id ? (
        <MessagePanes
          key={id}
          id={id}
          triaged={triaged}
          actions={actions}
          moving={moving && picked.size === 0}
          setMoving={setMoving}
          onChanged={reload}
          onLoaded={setOpenMessage}
          onWrite={write}
        />
      ) : (
        <div className="pane empty">
          {loaded && readingPaneHint({ listed: items.length > 0, search: answered, category, folder: mailbox.folder })}
        </div>
      )}
      {compose && (
        <Compose
          key={`${compose.mode}-${compose.source?.id ?? ''}`}
          initial={compose}
          focusRequest={composeOpened}
          focusAfter={() => listRef.current}
          onEdit={composeEdited}
          onClose={(kept) => {
            setCompose(null);
            closed.current = kept;
            if (kept)
              setStatus({
                text: closedDraft(kept),
                tone: 'info',
                undo: async () => {
                  reopen(kept);
                  setStatus({ text: 'Your draft is open again.', tone: 'ok' });
                },
              });
            reload();
          }}
        />
      )}
    </div>
  );
}

function PaperClip() {
  return (
    <svg className="clip" viewBox="0 0 16 16" width="13" height="13" role="img" aria-label="has attachments">
      <path
        d="M10.5 4.5 5.8 9.2a1.2 1.2 0 0 0 1.7 1.7l5-5a2.6 2.6 0 0 0-3.7-3.7l-5.2 5.2a4 4 0 0 0 5.7 5.7L13.5 9"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinecap="round"
      />
    </svg>
  );
}

interface MessageActions {
  archive(ids: readonly string[]): void;
  moveTo(ids: readonly string[], folder: string): void;
  markRead(ids: readonly string[], read: boolean): void;
}

function MessagePanes({
  id,
  triaged,
  actions,
  moving,
  setMoving,
  onChanged,
  onLoaded,
  onWrite,
}: {
  id: string;
  /** Bumped by each triage: the Assistant pane shows the category and summary it wrote. */
  triaged: number;
  actions: MessageActions;
  moving: boolean;
  setMoving: (moving: boolean) => void;
  onChanged: () => void;
  onLoaded: (m: MessageView) => void;
  onWrite: (mode: ComposeMode) => void;
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
        onLoaded(v);
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
  }, [id, report, triaged]);
  if (!m || m.id !== id) return <div className="pane empty">Loading…</div>;
  const earlier = m.thread.filter((t) => t.id !== m.id);
  return (
    <>
      <article className="pane message" aria-labelledby="message-subject">
        <header>
          <h1 id="message-subject">{m.subject}</h1>
          {earlier.length > 0 && (
            <ol className="thread" aria-label={`${count(m.thread.length, 'message')} in this conversation`}>
              {m.thread.map((t) =>
                t.id === m.id ? null : (
                  <li key={t.id}>
                    <details>
                      <summary>
                        <strong>{shortFrom(t.from)}</strong> <time dateTime={t.date}>{longDate(t.date)}</time>
                        {t.folder !== m.folder && <Chip tone="info">{folderLabel(t.folder)}</Chip>}
                        <span className="thread-preview">{t.preview}</span>
                      </summary>
                      <p className="meta">To {t.to.join(', ')}</p>
                      <pre className="body">{t.body}</pre>
                      <Attachments messageId={t.id} items={t.attachments} />
                    </details>
                  </li>
                ),
              )}
            </ol>
          )}
          <p className="meta">
            <span>
              From <strong>{m.from}</strong>
              <StrangerChip m={m} />
            </span>
            <span>To {m.to.join(', ')}</span>
            {m.cc.length > 0 && <span>Cc {m.cc.join(', ')}</span>}
            <time dateTime={m.date}>{longDate(m.date)}</time>
            <AccountChip id={m.account} />
          </p>
          <div className="actions">
            <button type="button" onClick={() => onWrite('reply')}>
              Reply (r)
            </button>
            <button type="button" onClick={() => onWrite('replyAll')}>
              Reply all (a)
            </button>
            <button type="button" onClick={() => onWrite('forward')}>
              Forward (f)
            </button>
            <button type="button" onClick={() => actions.archive([m.id])}>
              Archive (e)
            </button>
            <button type="button" onClick={() => setMoving(true)} aria-expanded={moving}>
              Move to… (v)
            </button>
            <button type="button" onClick={() => actions.markRead([m.id], false)}>
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
              onMove={(f) => actions.moveTo([m.id], f)}
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
        {m.invitation && <InvitationCard messageId={m.id} invitation={m.invitation} />}
        {showHtml && m.html ? <MessageHtml html={m.html} /> : <pre className="body">{m.body}</pre>}
        <Attachments messageId={m.id} items={m.attachments} />
      </article>
      <aside className="pane assistant" aria-label="Assistant">
        <h2>Assistant</h2>
        {m.category ? (
          <>
            <p>
              <Chip tone={m.category}>{categoryName(m.category)}</Chip>
            </p>
            {m.summary && <p className="summary">{m.summary}</p>}
            {m.category !== 'suspicious' && m.drafts.length === 0 && noDraftNote(m.from) && (
              <p className="no-draft-note">{noDraftNote(m.from)}</p>
            )}
            <p className="provenance-note">
              The assistant wrote the summary and chose the category from this email. Anything the email asks for is
              only shown here, never done.
            </p>
          </>
        ) : (
          <p>
            Not sorted yet. “Triage new mail” above the list sorts your new mail and drafts a reply where one is needed.
          </p>
        )}
        {m.drafts.map((d) => (
          <DraftEditor key={d.id} draft={d} />
        ))}
        {m.claimIds.length > 0 && <ClaimsHere ids={m.claimIds} />}
      </aside>
    </>
  );
}

/** A note the answer playbook leaves for the person in a draft (resources/playbooks/answer.js). */
const ASSISTANT_NOTE = /\[(?:Pick one and delete the other\.|Note for you:)/;

function DraftEditor({ draft }: { draft: MessageView['drafts'][number] }) {
  const [body, setBody] = useState(draft.body);
  const [saved, setSaved] = useState(draft);
  const [sent, setSent] = useState(false);
  /** Why the send did not go: notes for the person still in the text. */
  const [held, setHeld] = useState('');
  const { setStatus, report } = useApp();
  const dirty = body !== saved.body;
  // Said before the send, as in the compose window: a machine's address probably reads nothing.
  const unread = noReplyWarning([...saved.to, ...saved.cc]);
  const save = useCallback(
    (quiet: boolean) =>
      api.inbox
        .editDraft(draft.id, { body })
        .then((d) => {
          setSaved(d);
          if (!quiet) setStatus({ text: 'Draft saved. It is yours now: nothing is sent without you.', tone: 'ok' });
        })
        .catch(report),
    [draft.id, body, setStatus, report],
  );
  // Saved a moment after the last key too: a reload or a crash loses nothing typed.
  useEffect(() => {
    if (!dirty || sent) return;
    const t = window.setTimeout(() => void save(true), 1500);
    return () => window.clearTimeout(t);
  }, [dirty, sent, save]);
  const send = async () => {
    if (sent) return;
    // The assistant's notes for the person ("[Pick one and delete the other.]", "[Note for you: …]")
    // would go to the recipient as they are: the person deletes them first.
    if (ASSISTANT_NOTE.test(body)) {
      setHeld(
        `Not sent: delete the assistant's notes in [square brackets] first; they are for you, not for ${shortFrom(saved.to[0] ?? 'the recipient')}.`,
      );
      document.getElementById(`draft-body-${draft.id}`)?.focus();
      return;
    }
    setHeld('');
    try {
      // Sent as the person's own message, edited or not; the audit keeps which words were the assistant's.
      const r = await api.mail.send({
        to: [...saved.to],
        cc: [...saved.cc],
        subject: saved.subject,
        body,
        fromDraft: draft.id,
      });
      setSent(true);
      announceSend(r, saved.subject);
    } catch (e) {
      report(e);
    }
  };
  return (
    <form
      className="draft"
      onSubmit={(e) => {
        e.preventDefault();
        void save(false);
      }}
    >
      <h3>
        Draft reply{' '}
        <Chip tone={saved.edited ? 'ok' : 'info'}>{saved.edited ? 'edited by you' : 'written by the assistant'}</Chip>
      </h3>
      <p className="meta">
        To {saved.to.join(', ')} · {saved.subject}
      </p>
      {unread && (
        <p className="no-reply-note" role="note">
          {unread}
        </p>
      )}
      <label htmlFor={`draft-body-${draft.id}`} className="visually-hidden">
        Draft body
      </label>
      {held && (
        <p className="error" role="alert" id={`draft-held-${draft.id}`}>
          {held}
        </p>
      )}
      <textarea
        id={`draft-body-${draft.id}`}
        value={body}
        rows={8}
        aria-invalid={held ? true : undefined}
        aria-describedby={held ? `draft-held-${draft.id}` : undefined}
        onChange={(e) => {
          setBody(e.target.value);
          if (held && !ASSISTANT_NOTE.test(e.target.value)) setHeld('');
        }}
        // As in the compose window: Ctrl+Enter sends what is written.
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey)) return;
          e.preventDefault();
          void send();
        }}
      />
      <div className="actions">
        <button type="submit" disabled={!dirty}>
          {dirty ? 'Save draft' : 'Saved'}
        </button>
        {/* Not disabled once sent: a disabled button drops the cursor to the page. */}
        <button type="button" className="approve" aria-disabled={sent} onClick={() => void send()}>
          {sent ? 'Sent' : 'Send (Ctrl+Enter)'}
        </button>
      </div>
    </form>
  );
}

/** The actions this email made the assistant ask about, each named ("Reply to Bob Lee.") and linked to Review. */
function ClaimsHere({ ids }: { ids: readonly string[] }) {
  const [what, setWhat] = useState<Readonly<Record<string, string>>>({});
  useEffect(() => {
    let live = true;
    // A claim that cannot be read (decided and gone meanwhile) keeps its plain link.
    for (const id of ids)
      void api.claims
        .get(id)
        .then((c) => live && setWhat((w) => ({ ...w, [id]: c.what })))
        .catch(() => undefined);
    return () => void (live = false);
  }, [ids]);
  return (
    <div className="claims-here">
      <h3>Waiting for you</h3>
      <ul>
        {ids.map((c, i) => (
          <li key={c}>
            {what[c] ?? (ids.length === 1 ? 'An action' : `Action ${i + 1}`)}{' '}
            <a href={`#/review/${encodeURIComponent(c)}`}>Open it in Review</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
