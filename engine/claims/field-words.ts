/**
 * Field names in words: a card says "Recipient 2" and "Which email to answer", never `to[1]`
 * or `id`. The noun is what a sentence uses ("the subject"), the label what a row shows.
 */

export interface FieldWords {
  /** For a row or chip: "Subject", "Recipient 2". */
  readonly label: string;
  /** Inside a sentence: "the subject", "which email to answer". */
  readonly noun: string;
  /** An address that receives the action (to, cc, bcc, attendees). */
  readonly recipient: boolean;
  /** The item the action works on (`id`): chosen, not copied. */
  readonly choice: boolean;
}

const RECIPIENT_LISTS: Readonly<Record<string, [string, string]>> = {
  to: ['Recipient', 'recipient'],
  cc: ['Cc', 'cc'],
  bcc: ['Bcc', 'bcc'],
  attendees: ['Guest', 'guest'],
  addAttendees: ['New guest', 'new guest'],
  removeAttendees: ['Removed guest', 'removed guest'],
};

const TEXT: Readonly<Record<string, string>> = {
  subject: 'subject',
  body: 'message',
  comment: 'comment',
  title: 'title',
  start: 'start',
  end: 'end',
  location: 'place',
  description: 'description',
  response: 'answer',
  folder: 'folder',
  label: 'label',
  replyAll: 'reply to everyone',
  query: 'search',
  // An update's stored event, as the gate sees it (engine/run/simulate.ts `withStoredEvent`).
  storedEvent: 'event with its notes',
};

const CHOICE: Readonly<Record<string, string>> = {
  replyToEmail: 'which email to answer',
  forwardEmail: 'which email to forward',
  respondToEvent: 'which invitation to answer',
  updateEvent: 'which event to change',
  deleteEvent: 'which event to delete',
  deleteEmail: 'which email to delete',
  archiveEmail: 'which email to archive',
  moveEmail: 'which email to move',
  labelEmail: 'which email to label',
  markRead: 'which email to mark',
};

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** `count` is how many entries the field's list has (a single recipient gets no number). */
export function fieldWords(tool: string, path: string, count = 1): FieldWords {
  const m = /^([A-Za-z]+)(?:\[(\d+)\])?(.*)$/.exec(path);
  const head = m?.[1] ?? path;
  const index = m?.[2] === undefined ? null : Number(m[2]);
  const rest = m?.[3] ?? '';
  const list = RECIPIENT_LISTS[head];
  if (list && rest === '') {
    const n = index !== null && count > 1 ? ` ${index + 1}` : '';
    return { label: `${list[0]}${n}`, noun: `the ${list[1]}${n}`, recipient: true, choice: false };
  }
  if (head === 'id' && rest === '') {
    const noun = CHOICE[tool] ?? 'which item to act on';
    return { label: capital(noun), noun, recipient: false, choice: true };
  }
  // An invitation's answer is labelled as the event details show it ("Going? Yes").
  if (head === 'response' && rest === '' && tool === 'respondToEvent')
    return { label: 'Going?', noun: 'the answer', recipient: false, choice: false };
  // Anything else: its name split into words, a list index counted from one.
  const word =
    TEXT[head] ??
    head
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .trim();
  const sub = rest
    .split(/[.[\]]+/)
    .filter(Boolean)
    .map((p) => (/^\d+$/.test(p) ? String(Number(p) + 1) : p.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()))
    .join(' ');
  const n = index !== null ? ` ${index + 1}` : '';
  const words = `${word}${n}${sub ? ` ${sub}` : ''}`;
  return { label: capital(words), noun: `the ${words}`, recipient: false, choice: false };
}
