/**
 * Writing a message: new (`c`), reply (`r`), reply all (`a`), forward (`f`). What is typed is
 * kept in the profile as it is typed (a reload, a crash or a restart loses nothing) until it is
 * sent or discarded. Errors are
 * shown at their field: an address that is not one, a file over the size limit, and a missing
 * subject, asked about once. A reply's recipients and subject come from the email it answers
 * (the app computes them the same way when it sends); they are shown here, not typed.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { MessageView, SendInput } from '../../../preload/contract';
import { MAX_ATTACHMENT_BYTES } from '../../../preload/contract-values';
import { addressRefusal } from '../../../engine/world/recipient-refusal';
import { api, errorText } from '../api';
import { bare, count, fileSize } from '../format';
import { noReplyWarning } from '../no-reply';
import { announceSend } from '../sending';
import { useApp } from '../store';

export type ComposeMode = 'new' | 'reply' | 'replyAll' | 'forward';

/** What the person is writing, as kept between sessions. */
export interface ComposeState {
  readonly mode: ComposeMode;
  /** The email answered or forwarded. */
  readonly source: Pick<MessageView, 'id' | 'subject' | 'accountId' | 'attachments' | 'replies'> | null;
  readonly account: string | null;
  readonly to: string;
  readonly cc: string;
  readonly bcc: string;
  readonly subject: string;
  readonly body: string;
}

/** The last keep asked for: the next goes out once it is answered. */
let keeping: Promise<unknown> = Promise.resolve();

/**
 * Keeps the message being written in the profile (null: nothing is being written). One keep at a
 * time, in the order asked: two at once could reach the app in either order (each on its own
 * connection), and a keep made while a send was on its way, heard after the "nothing" said once
 * it was sent, brought the sent message back as the draft to restore.
 */
function keep(s: ComposeState | null): Promise<unknown> {
  const draft = s && {
    mode: s.mode,
    sourceId: s.source?.id ?? null,
    account: s.account,
    to: s.to,
    cc: s.cc,
    bcc: s.bcc,
    subject: s.subject,
    body: s.body,
  };
  const kept = keeping.then(() => api.inbox.keepDraft(draft));
  keeping = kept.catch(() => undefined);
  return kept;
}

/** The message left being written, as it was (its source email read again), or null. */
export async function keptCompose(): Promise<ComposeState | null> {
  const d = await api.inbox.keptDraft();
  if (!d) return null;
  const source = d.sourceId ? await api.inbox.get(d.sourceId).catch(() => null) : null;
  const { sourceId: _, ...rest } = d;
  return { ...rest, mode: source || d.mode === 'new' ? d.mode : 'new', source };
}

const withPrefix = (prefix: string, subject: string) =>
  new RegExp(`^\\s*${prefix}:`, 'i').test(subject) ? subject : `${prefix}: ${subject}`;

/**
 * A new compose state for a mode and its source email. A reply's recipients are the ones the app
 * computed from the reply itself (`replies`), shown as they are: the send carries them back, and
 * the app refuses a reply that would reach anyone else.
 */
export function startCompose(mode: ComposeMode, source: ComposeState['source'], account: string | null): ComposeState {
  const base = { mode, source, account: source?.accountId ?? account, bcc: '', body: '' };
  if (!source || mode === 'new') return { ...base, source: null, to: '', cc: '', subject: '' };
  if (mode === 'forward') return { ...base, to: '', cc: '', subject: withPrefix('Fwd', source.subject) };
  const { to, cc } = mode === 'replyAll' ? source.replies.replyAll : source.replies.reply;
  return { ...base, to: to.join(', '), cc: cc.join(', '), subject: withPrefix('Re', source.subject) };
}

const addressesOf = (s: string): string[] =>
  s
    .split(/[,;\n]/)
    .map((x) => x.trim())
    .filter(Boolean);
/** Why an entry of a recipients field cannot be sent to, in the send's own words; null when it can. */
function entryError(entry: string): string | null {
  const wrong = addressRefusal(bare(entry));
  return wrong && `“${entry}” ${wrong}.`;
}
/** The first entry of a recipients field that cannot be sent to, as a sentence; null when all can. */
function addressError(s: string): string | null {
  for (const entry of addressesOf(s)) {
    const wrong = entryError(entry);
    if (wrong) return wrong;
  }
  return null;
}

const base64Of = (f: File): Promise<string> =>
  new Promise((done, fail) => {
    const r = new FileReader();
    r.onload = () => done(String(r.result).replace(/^data:[^,]*,/, ''));
    r.onerror = () => fail(new Error(`${f.name} could not be read`));
    r.readAsDataURL(f);
  });

const TITLES: Record<ComposeMode, string> = {
  new: 'New message',
  reply: 'Reply',
  replyAll: 'Reply all',
  forward: 'Forward',
};

/** Whether the person wrote anything that starting another message in its place would lose. */
/** What goes with a forward besides what is typed: the original below it, and its attachments. */
function forwardNote(attachments: readonly { filename: string }[]): string {
  const below = 'The original message goes below what you write';
  if (attachments.length === 0) return `${below}.`;
  const files = attachments.map((a) => a.filename).join(', ');
  return `${below}, with its ${count(attachments.length, 'attachment')}: ${files}.`;
}

export const hasWriting = (s: ComposeState): boolean =>
  s.body.trim() !== '' ||
  (s.mode !== 'reply' && s.mode !== 'replyAll' && [s.to, s.cc, s.bcc].some((x) => x.trim() !== '')) ||
  (s.mode === 'new' && s.subject.trim() !== '');

const named = (s: ComposeState): string => (s.subject.trim() ? `“${s.subject.trim()}”` : 'a message');

/** Why `c`, `r`, `a` or `f` did not start another message while this one is open. */
export const stillWriting = (s: ComposeState): string =>
  `You are still writing ${named(s)}: send it or close it first.`;

/** What the status line says when × closes a message with writing in it: it is kept, not lost. */
export const closedDraft = (s: ComposeState): string => `Closed ${named(s)}; it is kept as a draft.`;

/** Why `c`, `r`, `a` or `f` opened the closed draft again instead of a new message over it. */
export const reopenedDraft = (s: ComposeState): string =>
  `Your draft ${named(s)} is open again: send it or discard it before you start another message.`;

type Field = 'to' | 'cc' | 'bcc' | 'subject' | 'attachments' | 'form';

/**
 * `focusRequest` counts the times the person opened this message: each one puts the cursor in
 * it. A message restored when the app loads (0) waits unfocused, so the Inbox's keys still work.
 * Closed (sent, discarded, × or Escape), the cursor goes back where it was before, or to
 * `focusAfter` (the conversation list), never to the page, where no key reaches a field.
 */
export function Compose({
  initial,
  focusRequest,
  focusAfter,
  onEdit,
  onClose,
}: {
  initial: ComposeState;
  focusRequest: number;
  focusAfter: () => HTMLElement | null;
  /** Each change, as typed: the Inbox asks it whether anything would be lost. */
  onEdit: (s: ComposeState) => void;
  /** `kept`: what × or Escape closed with writing in it (still the kept draft); null after a send or a discard. */
  onClose: (kept: ComposeState | null) => void;
}) {
  const [s, setS] = useState(initial);
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [askedSubject, setAskedSubject] = useState(false);
  const [sending, setSending] = useState(false);
  const [showBcc, setShowBcc] = useState(initial.bcc !== '');
  const { accounts, report } = useApp();
  const dialog = useRef<HTMLElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const uid = useId();
  const idOf = (f: string) => `${uid}-${f}`;
  const replying = s.mode === 'reply' || s.mode === 'replyAll';

  // Kept as it is typed (a moment after the last key), and when the window closes: nothing is
  // lost until it is sent or discarded.
  const latest = useRef<ComposeState | null>(s);
  useEffect(() => {
    if (latest.current === null) return;
    latest.current = s;
    onEdit(s);
    // Not once it is sent or discarded (latest is null): a keep firing while the send is
    // answered would bring the sent message back as the draft to restore.
    const t = window.setTimeout(() => latest.current && void keep(s).catch(report), 400);
    return () => window.clearTimeout(t);
  }, [s, report, onEdit]);
  useEffect(
    () => () => {
      if (latest.current) void keep(latest.current);
    },
    [],
  );
  // The first thing to write: the recipients of a new message or a forward, the text of a reply.
  const returnTo = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (focusRequest === 0) return;
    const before = document.activeElement;
    if (before instanceof HTMLElement && before !== document.body && !dialog.current?.contains(before))
      returnTo.current = before;
    dialog.current?.querySelector<HTMLElement>('input[type="text"]:not([readonly]), textarea')?.focus();
  }, [focusRequest]);
  const leave = (kept: ComposeState | null) => {
    const back = returnTo.current?.isConnected ? returnTo.current : focusAfter();
    // Only when the cursor is in this window (or was dropped to the page by the disabled Send
    // button): a draft restored unopened leaves it where the person put it.
    const now = document.activeElement;
    if (!now || now === document.body || dialog.current?.contains(now)) back?.focus();
    onClose(kept);
  };

  // A refused send puts the cursor in the first field it names, so the fix is typed at once.
  const [errorFocus, setErrorFocus] = useState(0);
  useEffect(() => {
    if (errorFocus > 0) dialog.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errorFocus]);
  const refuse = (found: Partial<Record<Field, string>>) => {
    setErrors(found);
    setErrorFocus((n) => n + 1);
  };

  const set = (patch: Partial<ComposeState>) => {
    setS((x) => ({ ...x, ...patch }));
    setErrors((e) => ({ ...e, form: undefined, ...Object.fromEntries(Object.keys(patch).map((k) => [k, undefined])) }));
  };
  const checkAddresses = (field: 'to' | 'cc' | 'bcc') =>
    setErrors((e) => ({ ...e, [field]: addressError(s[field]) ?? undefined }));
  const total = files.reduce((n, f) => n + f.size, 0);
  // Said before the send, never in its way: a machine's address (no-reply@…) may still reach someone.
  const unread = noReplyWarning([s.to, s.cc, s.bcc].flatMap(addressesOf));

  const addFiles = (list: FileList | null) => {
    const next = [...files, ...Array.from(list ?? [])];
    const size = next.reduce((n, f) => n + f.size, 0);
    if (size > MAX_ATTACHMENT_BYTES) {
      const big = Array.from(list ?? []).map((f) => `${f.name} (${fileSize(f.size)})`);
      setErrors((e) => ({
        ...e,
        attachments: `${big.join(', ')} would make ${fileSize(size)} of attachments; a message can carry ${fileSize(MAX_ATTACHMENT_BYTES)}. Share a link to a large file instead.`,
      }));
      return;
    }
    setFiles(next);
    setErrors((e) => ({ ...e, attachments: undefined }));
  };

  const send = async () => {
    const found: Partial<Record<Field, string>> = {};
    if (!replying) {
      for (const f of ['to', 'cc', 'bcc'] as const) {
        const wrong = addressError(s[f]);
        if (wrong) found[f] = wrong;
      }
      if (!found.to && addressesOf(s.to).length === 0) found.to = 'Add at least one recipient.';
    }
    if (Object.keys(found).length) return refuse(found);
    if (!s.subject.trim() && !askedSubject) {
      setAskedSubject(true);
      return refuse({ subject: 'There is no subject. Press Send again to send it without one.' });
    }
    setSending(true);
    try {
      const attachments = await Promise.all(
        files.map(async (f) => ({
          filename: f.name,
          ...(f.type ? { contentType: f.type } : {}),
          dataBase64: await base64Of(f),
        })),
      );
      const input: SendInput = {
        ...(s.account ? { account: s.account } : {}),
        to: replying ? [] : addressesOf(s.to),
        ...(replying ? {} : { cc: addressesOf(s.cc), bcc: addressesOf(s.bcc) }),
        subject: s.subject,
        body: s.body,
        ...(attachments.length ? { attachments } : {}),
        ...(replying && s.source
          ? {
              replyTo: {
                id: s.source.id,
                all: s.mode === 'replyAll',
                shown: { to: addressesOf(s.to), cc: addressesOf(s.cc) },
              },
            }
          : {}),
        ...(s.mode === 'forward' && s.source ? { forwardOf: s.source.id } : {}),
      };
      const result = await api.mail.send(input);
      latest.current = null;
      await keep(null);
      announceSend(result, s.subject || '(no subject)');
      leave(null);
    } catch (e) {
      // The app names the field it refuses ("to: …", "attachments[0]: …"): shown there.
      const text = errorText(e);
      const field = /^(to|cc|bcc|subject|attachments)\b[^:]*:\s*/.exec(text);
      refuse(field ? { [field[1] as Field]: text.slice(field[0].length) } : { form: text });
    }
    setSending(false);
  };
  const discard = () => {
    latest.current = null;
    void keep(null).catch(report);
    leave(null);
  };

  // Closed, not discarded: what was written stays the kept draft, and the Inbox can bring it back.
  const close = () => leave(hasWriting(s) ? s : null);

  const error = (f: Field) =>
    errors[f] ? (
      <p className="field-error" id={idOf(`${f}-error`)} role="alert">
        {errors[f]}
      </p>
    ) : null;
  const described = (f: Field) => (errors[f] ? { 'aria-invalid': true, 'aria-describedby': idOf(`${f}-error`) } : {});
  const recipients = (f: 'to' | 'cc' | 'bcc', label: string) => (
    <div className="field">
      <label htmlFor={idOf(f)}>{label}</label>
      <input
        id={idOf(f)}
        type="text"
        inputMode="email"
        autoComplete="off"
        value={s[f]}
        onChange={(e) => set({ [f]: e.target.value })}
        onBlur={() => checkAddresses(f)}
        {...described(f)}
      />
      {error(f)}
    </div>
  );

  return (
    <section
      ref={dialog}
      className="compose"
      role="dialog"
      aria-label={TITLES[s.mode]}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          void send();
        } else if (e.key === 'Escape') {
          e.preventDefault();
          close();
        }
      }}
    >
      <header>
        <h2>{TITLES[s.mode]}</h2>
        <span className="saved" aria-live="off">
          Saved as you type · Escape closes it
        </span>
        <button
          type="button"
          className="link"
          onClick={close}
          aria-label="Close (kept as a draft)"
          title="Close (Escape); what you wrote is kept as a draft"
        >
          ×
        </button>
      </header>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        {accounts.length > 1 && (
          <div className="field">
            <label htmlFor={idOf('from')}>From</label>
            <select
              id={idOf('from')}
              value={s.account ?? ''}
              disabled={replying || s.mode === 'forward'}
              onChange={(e) => set({ account: e.target.value || null })}
            >
              {accounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.demo ? 'Demo account (nothing leaves this computer)' : `${a.name} <${a.email}>`}
                </option>
              ))}
            </select>
          </div>
        )}
        {replying ? (
          <p className="reply-to">
            To {s.to || 'nobody'}
            {s.cc && <> · Cc {s.cc}</>}
          </p>
        ) : (
          <>
            {recipients('to', 'To')}
            {recipients('cc', 'Cc')}
            {showBcc ? (
              recipients('bcc', 'Bcc')
            ) : (
              <button type="button" className="link" onClick={() => setShowBcc(true)}>
                Add Bcc
              </button>
            )}
          </>
        )}
        {unread && (
          <p className="no-reply-note" role="note">
            {unread}
          </p>
        )}
        <div className="field">
          <label htmlFor={idOf('subject')}>Subject</label>
          <input
            id={idOf('subject')}
            type="text"
            value={s.subject}
            readOnly={replying || s.mode === 'forward'}
            onChange={(e) => set({ subject: e.target.value })}
            {...described('subject')}
          />
          {error('subject')}
        </div>
        <div className="field">
          <label htmlFor={idOf('body')} className="visually-hidden">
            Message
          </label>
          <textarea id={idOf('body')} rows={10} value={s.body} onChange={(e) => set({ body: e.target.value })} />
        </div>
        {s.mode === 'forward' && s.source && <p className="meta forwarded">{forwardNote(s.source.attachments)}</p>}
        <div className="field">
          {/* A button of the app's own instead of the browser's file control, whose "No file
              chosen" stood beside the files already attached (each pick adds to the list). */}
          <span className="field-name">Files</span>
          <input
            ref={picker}
            id={idOf('attachments')}
            type="file"
            multiple
            className="visually-hidden"
            tabIndex={-1}
            aria-label="Attach files"
            onChange={(e) => {
              addFiles(e.target.files);
              e.target.value = '';
            }}
          />
          <button
            type="button"
            className="attach"
            onClick={() => picker.current?.click()}
            {...described('attachments')}
          >
            Attach files…
          </button>
          {error('attachments')}
          {files.length > 0 && (
            <ul className="files" aria-label="Files to send">
              {files.map((f, i) => (
                <li key={`${i}-${f.name}`}>
                  {f.name} <small>{fileSize(f.size)}</small>{' '}
                  <button type="button" className="link" onClick={() => setFiles((xs) => xs.filter((_, j) => j !== i))}>
                    Remove<span className="visually-hidden"> {f.name}</span>
                  </button>
                </li>
              ))}
              {files.length > 1 && <li className="meta">{fileSize(total)} in all</li>}
            </ul>
          )}
        </div>
        {error('form')}
        <div className="actions">
          <button type="submit" className="approve" disabled={sending}>
            {sending ? 'Sending…' : 'Send (Ctrl+Enter)'}
          </button>
          <button type="button" onClick={discard}>
            Discard
          </button>
        </div>
      </form>
    </section>
  );
}
