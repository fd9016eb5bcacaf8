/**
 * A lineage step in words a person reads. The guest records each step by its operator or
 * built-in (`element`, `find`, `.subject`, `+`) and each value a tool answered by where it sits
 * in the answer (`source searchEmails()[0].subject`); Review shows "Picked one from the list"
 * and "Took the subject of the 1st email the search found" instead, the recorded name staying
 * in the node's tooltip. Words come from the recorded step alone: an item's id in a call
 * (`getEmail(e9)`) is never said, and a key is said in words ("from" → "sender’s address").
 */
import { toolWordsFirst, toolWords } from '../tools/tool-words';

const STEPS: Readonly<Record<string, string>> = {
  element: 'Picked one from the list',
  '[i]': 'Picked one from the list',
  at: 'Picked one from the list',
  index: 'Took an item’s position',
  key: 'Took a key',
  value: 'Took a value',
  char: 'Took one letter',
  '.id': 'Noted which one it is',
  '.length': 'Counted its length',
  '.size': 'Counted its items',
  '?.': 'Found nothing there',
  template: 'Put text together',
  '+': 'Added or joined',
  context: 'Decided by a condition',
  choice: 'Chosen by a condition',
  caught: 'Caught an error',
  error: 'An error',
  await: 'Waited for an answer',
  'world state': 'Depends on what your mailbox held',
  function: 'A function',
  spread: 'Copied its parts',
  '...': 'Copied its parts',
  '{...}': 'Copied its parts',
  summary: 'More steps than the picture shows',
  find: 'Found the first match',
  findLast: 'Found the last match',
  findIndex: 'Found where it matches',
  findLastIndex: 'Found where it matches',
  filter: 'Kept the matches',
  map: 'Changed each item',
  flatMap: 'Changed each item',
  forEach: 'Went through each item',
  some: 'Checked whether any match',
  every: 'Checked whether all match',
  includes: 'Checked whether it is there',
  indexOf: 'Found where it is',
  sort: 'Sorted',
  toSorted: 'Sorted',
  reduce: 'Combined the items',
  reduceRight: 'Combined the items',
  slice: 'Took a part',
  concat: 'Joined lists',
  join: 'Joined into text',
  split: 'Split the text',
  get: 'Looked it up',
  has: 'Checked whether it is there',
  typeof: 'Checked its type',
  in: 'Checked whether it is there',
  '!x': 'Turned a yes into a no',
};
const COMPARE = new Set(['<', '>', '<=', '>=', '===', '!==']);
const ARITHMETIC = new Set(['-', '*', '/', '%', '**', '&', '|', '^', '<<', '>>', '>>>', '-x', '+x', '~x', '++', '--']);

/** The keys of emails, events and contacts, in words; any other key is its name split into words. */
const KEY_WORDS: Readonly<Record<string, string>> = {
  from: 'sender’s address',
  to: 'recipients',
  cc: 'people copied',
  bcc: 'people copied in secret',
  replyTo: 'reply-to address',
  subject: 'subject',
  body: 'text',
  html: 'text',
  snippet: 'preview',
  date: 'date',
  threadId: 'conversation',
  unread: 'whether it is read',
  attachments: 'attachments',
  filename: 'file name',
  title: 'title',
  start: 'start time',
  end: 'end time',
  organizer: 'organiser',
  attendees: 'attendees',
  location: 'place',
  description: 'description',
  email: 'address',
  address: 'address',
};

/** `invoiceNumber` → "invoice number", `from` → "sender’s address". */
export function keyWords(key: string): string {
  return (
    KEY_WORDS[key] ??
    key
      .replace(/([a-z\d])([A-Z])/g, '$1 $2')
      .replace(/[_-]+/g, ' ')
      .toLowerCase()
      .trim()
  );
}

/** 1 → "1st", 2 → "2nd", 12 → "12th". */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

type Part = { readonly index: number } | { readonly key: string };

/** `[0].subject` → [{index: 0}, {key: 'subject'}]. */
function partsOf(path: string): Part[] {
  return [...path.matchAll(/\[(\d+)\]|\.([^.[\]]+)/g)].map(([, i, k]) =>
    i !== undefined ? { index: Number(i) } : { key: k ?? '' },
  );
}

/** What a tool answers, as the words its parts are said in: a list of `noun`s `tail`, or one thing. */
interface Answer {
  /** A list's items ("email"), said "the 1st email the search found". */
  readonly noun?: string;
  /** The whole answer or the words after a list's item ("the search found"). */
  readonly tail: string;
  /** The verb of a step that takes a part of it; "Took" unless said otherwise. */
  readonly verb?: string;
}
const ANSWERS: Readonly<Record<string, Answer>> = {
  searchEmails: { noun: 'email', tail: 'the search found' },
  listEmails: { noun: 'email', tail: 'in the listing of your mail' },
  listEvents: { noun: 'event', tail: 'in your calendar' },
  searchContacts: { noun: 'contact', tail: 'the contact search found' },
  getEmail: { tail: 'the email it read' },
  getFreeBusy: { tail: 'your free and busy times' },
  me: { tail: 'your details' },
  now: { tail: 'the time' },
  input: { tail: 'your request' },
};

/**
 * A part of an answer in words: "the subject of the 1st email the search found", "the text
 * from the email it read", "the 2nd of the attendees". An id is the item itself.
 */
function partPhrase(answer: Answer, parts: readonly Part[]): string {
  const [first, ...rest] = parts;
  const item = answer.noun !== undefined && first !== undefined && 'index' in first;
  let phrase = item
    ? `the ${ordinal(first.index + 1)} ${answer.noun} ${answer.tail}`
    : answer.noun !== undefined
      ? `the ${answer.noun}s ${answer.tail}`
      : answer.tail;
  // A part straight from a whole answer is "from" it ("the text from the email it read").
  let joint = item || answer.noun !== undefined ? 'of' : 'from';
  for (const p of item ? rest : parts) {
    const what = 'index' in p ? `the ${ordinal(p.index + 1)}` : `the ${keyWords(p.key)}`;
    phrase = phrase ? `${what} ${joint} ${phrase}` : 'index' in p ? `${what} one` : what;
    joint = 'of';
  }
  return phrase;
}

/**
 * A value a tool answered (`searchEmails()[0].subject`, `extract().amount`, `getEmail(e9)`)
 * as what happened: "Took the subject of the 1st email the search found", "Read the amount
 * out of the text". The call's argument (an item's id) is never said.
 */
function sourceStepWords(where: string): string {
  const m = /^([A-Za-z_$][\w$]*)(?:\([^)]*\))?(.*)$/.exec(where);
  if (!m) return 'Took a value a tool answered';
  const [, tool = '', rest = ''] = m;
  // An item's id is the item itself: "Picked the 1st email the search found".
  const parts = partsOf(rest).filter((p) => !('key' in p && p.key === 'id'));
  // The keys of extract's answer are the names the plan gave the details it asked for: said as
  // words of a step, never as data.
  if (tool === 'extract')
    return parts.length ? `Read ${partPhrase({ tail: '' }, parts)} out of the text` : 'Read a detail out of the text';
  if (tool === 'summarize') return 'Summarised the text';
  if (tool === 'classify') return 'Sorted the text into a category';
  const answer = ANSWERS[tool];
  if (!answer) {
    // A tool with no words of its own is not named by its code name.
    const words = toolWords(tool) === tool ? 'a tool’s answer' : toolWords(tool);
    return parts.length ? `Took a part of ${words}` : `Took ${words}`;
  }
  if (!parts.length) return answer.noun ? `Took the ${answer.noun}s ${answer.tail}` : `Took ${answer.tail}`;
  if (answer.noun && parts.length === 1) return `Picked ${partPhrase(answer, parts)}`;
  return `Took ${partPhrase(answer, parts)}`;
}

/** A lineage node's heading and text: every step is a "Step" said in words by `stepWords`. */
export function stepNode(op: string): { heading: string; label: string } {
  return { heading: 'Step', label: stepWords(op) };
}

export function stepWords(op: string): string {
  if (op.startsWith('source ')) return sourceStepWords(op.slice('source '.length));
  const known = STEPS[op];
  if (known) return known;
  if (COMPARE.has(op)) return 'Compared';
  if (ARITHMETIC.has(op)) return 'Calculated';
  if (/^\.[^.]+$/.test(op)) return `Took its ${keyWords(op.slice(1))}`;
  if (/^to(Lower|Upper)Case$/.test(op)) return 'Changed the letter case';
  if (/^trim/.test(op)) return 'Trimmed the spaces';
  if (/^replace/.test(op)) return 'Replaced some text';
  if (/Date|toISOString|getTime|^toLocale(Date|Time)/.test(op)) return 'Worked out a date or time';
  if (toolWords(op) !== op) return toolWordsFirst(op);
  // A built-in with no words of its own: say what kind of thing happened, not nothing.
  return 'Worked it out';
}

/** What an action's field is, for the heading of its lineage node. */
const FIELD_HEADINGS: Readonly<Record<string, string>> = {
  to: 'Who it goes to',
  cc: 'Who gets a copy',
  bcc: 'Who gets a hidden copy',
  attendees: 'Who is invited',
  addAttendees: 'Who is newly invited',
  removeAttendees: 'Who is no longer invited',
  subject: 'The message’s subject',
  body: 'What the message says',
  comment: 'What your note says',
  title: 'The event’s title',
  start: 'When it starts',
  end: 'When it ends',
  location: 'Where it takes place',
  description: 'What the event says',
  response: 'Your answer',
  folder: 'Where the email goes',
  label: 'The label it gets',
  replyAll: 'Whether everyone gets the answer',
  query: 'What it searches for',
};

/**
 * A field's lineage heading: `to[1]` → "Who it goes to", `subject` → "The message’s subject";
 * a field with no words of its own is headed by `label`, its name in words ("Which email to
 * answer").
 */
export function fieldHeading(path: string, label: string): string {
  const head = /^[A-Za-z]+/.exec(path)?.[0] ?? '';
  const rest = path.slice(head.length).replace(/^\[\d+\]/, '');
  return (rest === '' && FIELD_HEADINGS[head]) || label;
}
