/**
 * The policy gate's reasons, for people. `humanizeReason` rewrites one raw reason's source ids,
 * reader sets and policy terms into words, `reasonSentence` its field paths too, as a sentence
 * (the raw text stays in the audit log, and in the policy's own tests); `concernsOf` groups a claim's raw reasons
 * by what can go wrong — private content shown to new readers, many items gathered at once,
 * untrusted content deciding that the call happens — one plain sentence per group.
 */
import type { Directory } from './explain';
import { toolWords } from '../tools/tool-words';
import { describeSource, itemWords } from './sources';

const LISTED = String.raw`tool:([A-Za-z]+):[^\s,()]+#listed`;
// A run of listing sources separated by ", ", with an optional "and N more": the separators
// around the run stay where they were ("…returned, sent by bob", never "returnedsent by").
const LISTED_RUN = new RegExp(
  `${LISTED}(?:, ${LISTED.replace('([A-Za-z]+)', '[A-Za-z]+')})*(?: and (\\d+) more)?`,
  'g',
);
const ITEM_SOURCE = /tool:(?:getEmail|listEmails|searchEmails|listEvents):[^\s,()#]+/g;
const OTHER_SOURCES: readonly [RegExp, string][] = [
  [/tool:getFreeBusy:[^\s,()]+/g, 'your calendar’s busy times'],
  [/\(from system\)/g, '(from your own data)'],
  [/\(from user\)/g, '(from what you typed)'],
];

const and = (xs: readonly string[]): string =>
  xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;

/** What a listing tool's items are and who returned them; any other lists your mail. */
const LISTINGS: Readonly<Record<string, readonly [string, string]>> = {
  searchEmails: ['email', 'a search'],
  listEvents: ['event', 'your calendar'],
  getFreeBusy: ['busy time', 'your calendar'],
  searchContacts: ['contact', 'a search of your contacts'],
};

/** "which of the 52 emails a search returned" (one item: "which email a search returned"). */
export function listingPhrase(tool: string, n: number): string {
  return n === 1 ? `which${listedItems(tool, n).slice('the'.length)}` : `which of ${listedItems(tool, n)}`;
}

/** "the 52 emails a search returned" (one item: "the email a search returned"). */
export function listedItems(tool: string, n: number): string {
  const [what, by] = LISTINGS[tool] ?? ['email', 'a listing of your mail'];
  return n === 1 ? `the ${what} ${by} returned` : `the ${n} ${what}s ${by} returned`;
}

/** "nina@… (a participant of `id` e34)": a recipient of the item the call acts on. */
const PARTICIPANT = /\(a participant of `[^`]+` ([^\s()`]+)\)/g;
/** "the label of `id` e34 names no readers": the item whose label says who may read it. */
const LABEL_OF = /the label of `[^`]+` ([^\s()`]+) names/g;
/** Self-scoping: "…, which is not the item acted on (e34)" and "…is the item acted on (e34)". */
const NOT_ACTED_ON = /, which is not the item acted on \(([^()]*)\)/g;
const IS_ACTED_ON = /\bis the item acted on \(([^()]*)\)/g;
const TOOL_UNKNOWN = /\bthe recipients of ([A-Za-z]+) are unknown/g;

/**
 * The gate's phrases that name an item by its id, with the item said instead: a person reads
 * the email's subject and sender, the event's title and time, never "e34".
 */
function itemPhrases(reason: string, dir: Directory): string {
  return reason
    .replace(PARTICIPANT, (_, id: string) => `(who takes part in ${itemWords(id, dir)})`)
    .replace(LABEL_OF, (_, id: string) => `${itemWords(id, dir)} names`)
    .replace(NOT_ACTED_ON, (_, id: string) => `, not ${itemWords(id, dir)}, which it acts on`)
    .replace(IS_ACTED_ON, (_, id: string) => `is ${itemWords(id, dir)}, which it acts on`)
    .replace(TOOL_UNKNOWN, (_, tool: string) => `the recipients of ${toolWords(tool)} are unknown`);
}

/** A reader set as the gate prints it (`{a, b}`, `{a, b and 3 more}`) in words. */
function readerWords(inner: string): string {
  if (/ and \d+ more$/.test(inner)) return inner;
  const xs = inner.split(', ');
  return and(xs);
}

/** One raw reason's source ids, reader sets and policy terms in words (a phrase: its case and end stay). */
export function humanizeReason(reason: string, dir: Directory): string {
  // The gate's own phrases first: a subject put in by one is never read as the gate's text.
  let out = itemPhrases(reason, dir).replace(LISTED_RUN, (run: string, tool: string) => {
    const more = /and (\d+) more$/.exec(run)?.[1];
    const n = (run.match(/#listed/g) ?? []).length + Number(more ?? 0);
    return listingPhrase(tool, n);
  });
  out = out.replace(ITEM_SOURCE, (s) => describeSource(s, dir) ?? s);
  for (const [re, words] of OTHER_SOURCES) out = out.replace(re, words);
  return out
    .replace(/: its readers are \{([^{}]+)\}/g, (_, r: string) => `: only ${readerWords(r)} may read it`)
    .replace(/readable only by \{([^{}]+)\}/g, (_, r: string) => `readable only by ${readerWords(r)}`)
    .replace(/\ballowlisted\b(?! by)/g, 'allowed by your policy');
}

/**
 * One raw reason as a sentence for a person: `noun` names each field path in words ("the
 * message" for `body`). Paths go first, while the text is the gate's own, so a subject put in
 * afterwards keeps its backticks; the phrases naming an item by its id are humanizeReason's.
 */
export function reasonSentence(reason: string, dir: Directory, noun: (path: string) => string): string {
  const itemPhrase = `${PARTICIPANT.source}|${LABEL_OF.source}`;
  const paths = reason.replace(new RegExp(`${itemPhrase}|\`([^\`\\s]+)\``, 'g'), (m, _p, _l, path?: string) =>
    path === undefined ? m : noun(path),
  );
  const out = humanizeReason(paths, dir);
  // An address keeps its case: "nina@…" is what she types, not a word to capitalize.
  const sentence = /^\S+@/.test(out) ? out : out.charAt(0).toUpperCase() + out.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

export interface Concern {
  readonly kind: 'disclosure' | 'bulk' | 'context';
  readonly sentence: string;
  /** For a disclosure: who would newly read it. */
  readonly readers?: readonly string[];
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Who newly reads a field: the addresses named, and recipients whose text is no address. */
interface NewReaders {
  readonly named: Set<string>;
  unnamed: number;
}

/**
 * "Shown for the first time to Bob Lee: the notes; to 3 people: the address of the new guest":
 * each field with exactly the recipients the gate found could not read it (one reason per
 * recipient and field), fields with the same new readers together. `person` names an address as
 * the card shows it.
 */
function disclosureSentence(
  fields: ReadonlyMap<string, NewReaders>,
  noun: (path: string) => string,
  person: (address: string) => string,
): string {
  const groups = new Map<string, { paths: string[]; who: NewReaders }>();
  for (const [path, who] of fields) {
    const key = `${[...who.named].sort().join(' ')} ${who.unnamed}`;
    const g = groups.get(key);
    if (g) g.paths.push(path);
    else groups.set(key, { paths: [path], who });
  }
  const clauses = [...groups.values()].map(({ paths, who }) => {
    const n = who.named.size + who.unnamed;
    const others = who.unnamed ? [plural(who.unnamed, who.named.size ? 'other recipient' : 'recipient')] : [];
    const to = n <= 2 ? and([...[...who.named].map(person), ...others]) : `${n} people`;
    return `to ${to}: ${and(paths.map(noun))}`;
  });
  return `Shown for the first time ${clauses.join('; ')}.`;
}

/**
 * One sentence per kind of concern in the raw reasons (deduplicated, whatever their number or
 * order). `noun` names a field in words; `person` an address as the card shows it.
 */
export function concernsOf(
  raw: readonly string[],
  noun: (path: string) => string,
  person: (address: string) => string,
): Concern[] {
  const fields = new Map<string, NewReaders>();
  const seen = new Set<string>();
  let items = 0;
  let pii = 0;
  let context = false;
  for (const r of raw) {
    const leak = /cannot read `([^`]+)`/.exec(r);
    if (leak && !seen.has(r)) {
      seen.add(r);
      const field = fields.get(leak[1]!) ?? { named: new Set<string>(), unnamed: 0 };
      fields.set(leak[1]!, field);
      const who = /^(?:`[^`]+` \()?([^\s()`]+@[^\s()`]+)/.exec(r)?.[1];
      if (who) field.named.add(who.toLowerCase());
      else field.unnamed++;
    }
    const joins = /joins (\d+) untrusted sources/.exec(r);
    if (joins) items = Math.max(items, Number(joins[1]));
    const found = /carries (\d+) PII findings/.exec(r);
    if (found) pii = Math.max(pii, Number(found[1]));
    if (/because of untrusted data|untrusted content decided that this/.test(r)) context = true;
  }
  const out: Concern[] = [];
  if (fields.size)
    out.push({
      kind: 'disclosure',
      readers: [...new Set([...fields.values()].flatMap((f) => [...f.named]))],
      sentence: disclosureSentence(fields, noun, person),
    });
  if (items || pii) {
    const parts = [items ? plural(items, 'item') : '', pii ? plural(pii, 'personal detail') : ''].filter(Boolean);
    out.push({ kind: 'bulk', sentence: `It gathers ${and(parts)} from your mail and calendar into what it sends.` });
  }
  if (context) out.push({ kind: 'context', sentence: 'Content you did not write decided that this happens at all.' });
  return out;
}
