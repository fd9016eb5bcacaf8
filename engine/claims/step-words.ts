/**
 * A lineage step in words a person reads. The guest records each step by its operator or
 * built-in (`element`, `find`, `.id`, `+`) and each value a tool answered by where it sits in
 * the answer (`source searchEmails()[0].id`); Review shows "Picked one item" and "A search of
 * your mail: result 1’s id" instead, the recorded name staying in the node's tooltip.
 */
import { toolWords, toolWordsFirst } from '../tools/tool-words';

const STEPS: Readonly<Record<string, string>> = {
  element: 'Picked one item',
  '[i]': 'Picked one item',
  at: 'Picked one item',
  index: 'Took an item’s position',
  key: 'Took a key',
  value: 'Took a value',
  char: 'Took one letter',
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

/** `[0].id` → "result 1’s id"; an empty path → "". */
function pathWords(path: string): string {
  const parts = [...path.matchAll(/\[(\d+)\]|\.([^.[\]]+)/g)].map(([, i, k]) =>
    i !== undefined ? `result ${Number(i) + 1}` : (k ?? ''),
  );
  return parts.join('’s ');
}

/** `searchEmails()[0].id` → where it came from ("a search of your mail") and what of it ("result 1’s id"). */
function sourceParts(where: string): { from: string; what: string } {
  const m = /^([A-Za-z_$][\w$]*)(?:\(([^)]*)\))?(.*)$/.exec(where);
  if (!m) return { from: '', what: where };
  const [, name = '', call, rest = ''] = m;
  return {
    from: call === undefined && name === 'input' ? 'what the plan was given' : toolWords(name),
    what: pathWords(rest),
  };
}

/** `searchEmails()[0].id` → "A search of your mail: result 1’s id". */
function sourceWords(where: string): string {
  const { from, what } = sourceParts(where);
  if (!from) return `Read ${what}`;
  const first = from.charAt(0).toUpperCase() + from.slice(1);
  return what ? `${first}: ${what}` : first;
}

/**
 * A lineage node's heading and text: a value a tool answered says where it came from ("From a
 * search of your mail" over "Result 1’s id"); any other step is a "Step" named by `stepWords`.
 */
export function stepNode(op: string): { heading: string; label: string } {
  if (op.startsWith('source ')) {
    const { from, what } = sourceParts(op.slice('source '.length));
    if (from)
      return { heading: `From ${from}`, label: what ? what.charAt(0).toUpperCase() + what.slice(1) : 'Its answer' };
  }
  return { heading: 'Step', label: stepWords(op) };
}

export function stepWords(op: string): string {
  if (op.startsWith('source ')) return sourceWords(op.slice('source '.length));
  const known = STEPS[op];
  if (known) return known;
  if (COMPARE.has(op)) return 'Compared';
  if (ARITHMETIC.has(op)) return 'Calculated';
  if (/^\.[^.]+$/.test(op)) return `Took its ${op.slice(1)}`;
  if (/^to(Lower|Upper)Case$/.test(op)) return 'Changed the letter case';
  if (/^trim/.test(op)) return 'Trimmed the spaces';
  if (/^replace/.test(op)) return 'Replaced some text';
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
