/**
 * Schema-driven extraction by rules. Each field is filled from what its name and description
 * suggest (`invoiceNumber`, `start`, `attendees`, `isUrgent`), its type and its format:
 *
 * 1. a `Key: value` line whose key matches the field name ("Amount due: €1,250.00");
 * 2. a finder chosen by format or name: addresses, date-times, amounts, URLs, phones, IBANs,
 *    one-time codes, references, action items, names, locations, first sentence;
 * 3. otherwise `NotEnoughInformation`.
 *
 * Identifiers (addresses, dates, amounts, URLs, codes, IBANs) must be unambiguous: two different
 * candidates are `NotEnoughInformation`, never a guess. The message of the reply itself is read
 * first; quoted replies are consulted only when it has no candidate.
 */
import type { Json } from '../../ifc/labeled-value';
import { isoOf } from '../time';
import { findActionItems } from './actions';
import { findAmounts, findNumbers, parseNumber, type AmountMention } from './amounts';
import { KEYWORDS, classifyText, scoreLabel } from './classify';
import { findDates, type DateMention } from './dates';
import { findPlaces } from './places';
import { requiredOf, typeOf, validateAgainst, type JsonSchema } from './json-schema';
import { findCodes, findEmails, findIbans, findPhones, findReferences, findUrls, type Found } from './patterns';
import { summarizeText } from './summarize';
import { countTerm, distinct, escapeRegExp, hintWords, sentences, stripQuoted, stripSignature } from './text';
import { NotEnoughInformation, type ExtractContext } from './types';

const has = (hw: readonly string[], ...ws: string[]): boolean => ws.some((w) => hw.includes(w));

const EMAIL_HINTS = [
  'email',
  'emails',
  'address',
  'addresses',
  'recipient',
  'recipients',
  'mail',
  'cc',
  'attendees',
  'attendee',
  'participants',
  'invitees',
  'contact',
  'contacts',
];
const URL_HINTS = ['url', 'urls', 'link', 'links', 'website', 'href', 'uri'];
const PHONE_HINTS = ['phone', 'telephone', 'tel', 'mobile', 'cell'];
const IBAN_HINTS = ['iban', 'account', 'bank'];
const CODE_HINTS = ['code', 'otp', 'pin', 'passcode', 'token'];
const REF_HINTS = ['reference', 'ref', 'number', 'id', 'po', 'ticket', 'invoice', 'order'];
const DATE_HINTS = [
  'date',
  'time',
  'when',
  'start',
  'end',
  'deadline',
  'due',
  'datetime',
  'at',
  'day',
  'begin',
  'begins',
  'starts',
  'ends',
  'until',
  'slot',
  'dates',
  'times',
];
const STRONG_DATE_HINTS = [
  'date',
  'deadline',
  'time',
  'when',
  'start',
  'end',
  'datetime',
  'starts',
  'ends',
  'begin',
  'begins',
  'until',
  'dates',
  'times',
];
const END_HINTS = ['end', 'ends', 'until', 'finish', 'finishes'];
const AMOUNT_HINTS = [
  'amount',
  'amounts',
  'total',
  'price',
  'cost',
  'sum',
  'fee',
  'balance',
  'payment',
  'value',
  'money',
  'charge',
  'paid',
];
const ACTION_HINTS = [
  'action',
  'actions',
  'task',
  'tasks',
  'todo',
  'todos',
  'request',
  'requests',
  'ask',
  'asks',
  'item',
  'items',
  'step',
  'steps',
];
const SUMMARY_HINTS = [
  'summary',
  'gist',
  'about',
  'description',
  'topic',
  'subject',
  'title',
  'headline',
  'sentence',
  'sentences',
  'point',
  'points',
  'highlights',
];
const NAME_HINTS = ['name', 'person', 'sender', 'signer', 'who', 'author'];
const LOCATION_HINTS = ['location', 'place', 'room', 'venue', 'where'];
const GENERIC = new Set([
  'the',
  'a',
  'an',
  'of',
  'value',
  'text',
  'string',
  'field',
  'in',
  'for',
  'to',
  'is',
  'this',
  'email',
  's',
]);

/** The text with finders cached; the reply itself first, the full text as a fallback. */
class Doc {
  readonly own: string;
  private readonly cache = new Map<string, unknown>();
  constructor(
    readonly full: string,
    readonly now: string,
  ) {
    const own = stripQuoted(full);
    this.own = own.trim() ? own : full;
  }

  /** Runs a finder on the reply itself, falling back to the whole text when it finds nothing. */
  find<T>(key: string, finder: (t: string) => T[]): T[] {
    const hit = this.cache.get(key);
    if (hit) return hit as T[];
    let r = finder(this.own);
    if (r.length === 0 && this.own !== this.full) r = finder(this.full);
    this.cache.set(key, r);
    return r;
  }

  emails = (): Found[] => this.find('emails', findEmails);
  dates = (): DateMention[] => this.find('dates', (t) => findDates(t, this.now));
  amounts = (): AmountMention[] => this.find('amounts', findAmounts);
}

const nei = (path: string, why: string): NotEnoughInformation => new NotEnoughInformation(`${path}: ${why}`);

const plural = (w: string): string => (/(s|ss|sh|ch|x)$/.test(w) ? `${w}es` : `${w}s`);

function one<T>(xs: readonly T[], key: (x: T) => string, path: string, what: string): T {
  const d = distinct(xs, key);
  if (d.length === 0) throw nei(path, `no ${what} found`);
  if (d.length > 1) throw nei(path, `${d.length} different ${plural(what)} found (ambiguous)`);
  return d[0] as T;
}

/** The value of a `Key: value` line whose key matches the field name, if exactly one does. */
function labelLine(doc: Doc, nameWords: readonly string[]): string | null {
  const want = nameWords.filter((w) => !GENERIC.has(w));
  if (want.length === 0) return null;
  const values: string[] = [];
  for (const line of doc.own.split('\n')) {
    const m = /^\s*[-*•]?\s*([\p{L}][\p{L}\p{N} #/.()'-]{0,40}?)\s*[:：]\s*(\S.*)$/u.exec(line);
    if (!m) continue;
    const keyWords = hintWords(m[1] ?? '').filter((w) => !GENERIC.has(w));
    if (keyWords.length === 0) continue;
    const match = want.every((w) => keyWords.includes(w)) || keyWords.every((w) => want.includes(w));
    if (match) values.push((m[2] ?? '').trim());
  }
  const d = distinct(values);
  return d.length === 1 ? (d[0] ?? null) : null;
}

const fmtDate = (ms: number, format: string | undefined): string =>
  format === 'date' ? isoOf(ms).slice(0, 10) : isoOf(ms);

function pickDate(
  doc: Doc,
  source: string | null,
  hw: readonly string[],
  path: string,
  format: string | undefined,
): string {
  let ms: DateMention[] = source !== null ? findDates(source, doc.now).slice(0, 1) : doc.dates();
  if (source !== null && ms.length === 0) ms = doc.dates();
  if (has(hw, ...END_HINTS)) {
    const ends = ms.filter((m) => m.end !== undefined);
    const e = one(ends, (m) => String(m.end), path, 'end time');
    return fmtDate(e.end ?? e.start, format);
  }
  if (
    format !== 'date' &&
    has(hw, 'start', 'time', 'when', 'meeting', 'at', 'begin', 'begins', 'starts', 'slot', 'datetime')
  ) {
    const timed = ms.filter((m) => m.hasTime);
    if (timed.length > 0) ms = timed;
  }
  if (has(hw, 'deadline', 'due', 'by')) {
    const text = source ?? doc.own;
    const dl = ms.filter((m) =>
      /\b(by|due|before|deadline|until|no later than)\b[^\n]{0,12}$/i.test(
        text.slice(Math.max(0, m.index - 24), m.index),
      ),
    );
    if (dl.length > 0) ms = dl;
  }
  const m = one(ms, (x) => fmtDate(x.start, format), path, format === 'date' ? 'date' : 'date-time');
  return fmtDate(m.start, format);
}

function pickAmount(doc: Doc, source: string | null, path: string): AmountMention {
  let as = source !== null ? findAmounts(source) : doc.amounts();
  // On a `Key: value` line the key names the first value ("Amount due: €1,250 (incl. €200 VAT)").
  if (source !== null && as[0]) return as[0];
  if (source !== null && as.length === 0) {
    const n = parseNumber(source.replace(/[^\d.,\s]/g, '').trim());
    if (n !== null) return { index: 0, text: source, value: n, currency: '' };
    as = doc.amounts();
  }
  const d = distinct(as, (a) => `${a.value} ${a.currency}`);
  if (d.length > 1) {
    const text = source ?? doc.own;
    const totals = as.filter((a) =>
      /\b(total|amount due|balance due|grand total|to pay|amount)\b[^\n]{0,20}$/i.test(
        text.slice(Math.max(0, a.index - 30), a.index),
      ),
    );
    if (totals.length > 0) return one(totals, (a) => `${a.value} ${a.currency}`, path, 'total amount');
  }
  return one(as, (a) => `${a.value} ${a.currency}`, path, 'amount');
}

function signatureNames(text: string): string[] {
  const out: string[] = [];
  const lines = stripQuoted(text).split('\n');
  for (let i = 0; i < lines.length; i++) {
    const t = (lines[i] ?? '').trim();
    if (
      !/^(best|thanks|thank you|cheers|regards|kind regards|best regards|warm regards|many thanks|sincerely|br|--)[,!.]?$/i.test(
        t,
      )
    )
      continue;
    const next = lines.slice(i + 1).find((l) => l.trim());
    const n = next?.trim() ?? '';
    if (/^\p{Lu}[\p{L}'.-]*(?:\s+\p{Lu}[\p{L}'.-]*){0,3}$/u.test(n) && n.length <= 40) out.push(n);
  }
  for (const m of text.matchAll(/\b(?:my name is|i am|i'm|this is)\s+(\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?)/gu))
    out.push(m[1] ?? '');
  return out.filter(Boolean);
}

/** What kind of string a field holds, from its format and name. */
type StringKind =
  | 'email'
  | 'url'
  | 'phone'
  | 'iban'
  | 'code'
  | 'ref'
  | 'date'
  | 'amount'
  | 'action'
  | 'summary'
  | 'name'
  | 'location'
  | null;

function stringKind(schema: JsonSchema, hw: readonly string[]): StringKind {
  if (schema.format === 'email') return 'email';
  if (schema.format === 'date-time' || schema.format === 'date') return 'date';
  if (schema.format === 'uri' || schema.format === 'url') return 'url';
  if (has(hw, ...URL_HINTS)) return 'url';
  if (has(hw, ...PHONE_HINTS)) return 'phone';
  if (has(hw, 'iban')) return 'iban';
  if (has(hw, ...CODE_HINTS)) return 'code';
  if (has(hw, ...EMAIL_HINTS)) return 'email';
  if (has(hw, ...STRONG_DATE_HINTS)) return 'date';
  if (has(hw, ...AMOUNT_HINTS)) return 'amount';
  if (has(hw, ...IBAN_HINTS)) return 'iban';
  if (has(hw, ...REF_HINTS)) return 'ref';
  if (has(hw, ...DATE_HINTS)) return 'date';
  if (has(hw, ...ACTION_HINTS)) return 'action';
  if (has(hw, ...LOCATION_HINTS)) return 'location';
  if (has(hw, ...NAME_HINTS)) return 'name';
  if (has(hw, ...SUMMARY_HINTS)) return 'summary';
  return null;
}

function fillString(
  doc: Doc,
  schema: JsonSchema,
  nameWords: readonly string[],
  hw: readonly string[],
  path: string,
): string {
  const kind = stringKind(schema, hw);
  const line = labelLine(doc, nameWords);
  const from = (xs: Found[], what: string, lower = false): string =>
    one(xs, (f) => (lower ? f.value.toLowerCase() : f.value), path, what).value;
  const onLineOrDoc = (finder: (t: string) => Found[], key: string): Found[] => {
    if (line !== null) {
      const r = finder(line);
      if (r.length > 0) return r.slice(0, 1);
    }
    return doc.find(key, finder);
  };
  switch (kind) {
    case 'email':
      return from(onLineOrDoc(findEmails, 'emails'), 'email address', true);
    case 'url': {
      const url = from(onLineOrDoc(findUrls, 'urls'), 'URL');
      // `www.example.com/reset` is a web address a browser opens over http: as a `uri` it needs the scheme.
      return /^[a-z][a-z0-9+.-]*:/i.test(url) || !(schema.format === 'uri' || schema.format === 'url')
        ? url
        : `http://${url}`;
    }
    case 'phone':
      return from(onLineOrDoc(findPhones, 'phones'), 'phone number');
    case 'iban':
      return from(onLineOrDoc(findIbans, 'ibans'), 'IBAN');
    case 'code':
      if (line !== null && /^\d[\d -]{2,}\d$/.test(line)) return line.replace(/[ -]/g, '');
      return from(doc.find('codes', findCodes), 'code');
    case 'ref':
      if (line !== null) return line;
      return from(doc.find('refs', findReferences), 'reference');
    case 'date':
      return pickDate(doc, line, hw, path, schema.format);
    case 'amount':
      return line ?? pickAmount(doc, null, path).text;
    case 'action': {
      if (line !== null) return line;
      const items = findActionItems(doc.full);
      if (items.length === 0) throw nei(path, 'no request or action item found');
      return items[0] ?? '';
    }
    case 'location': {
      if (line !== null) return line;
      return one(doc.find('locations', findPlaces), (l) => l.toLowerCase(), path, 'location');
    }
    case 'name': {
      if (line !== null) return line.replace(/\s*<[^>]*>\s*$/, '');
      return one(doc.find('names', signatureNames), (n) => n, path, 'name');
    }
    case 'summary': {
      if (line !== null) return line;
      if (has(hw, 'title', 'subject', 'headline', 'topic')) {
        const first = sentences(stripSignature(doc.own))[0];
        if (!first) throw nei(path, 'the text is empty');
        return first
          .split(/\s+/)
          .slice(0, 12)
          .join(' ')
          .replace(/[.!?:,;]+$/, '');
      }
      return summarizeText(doc.full, 30);
    }
    case null:
      if (line !== null) return line;
      throw nei(
        path,
        'no rule knows how to find this field (name it, e.g. "email", "start", "amount", or give a description)',
      );
  }
}

function fillNumber(
  doc: Doc,
  schema: JsonSchema,
  nameWords: readonly string[],
  hw: readonly string[],
  path: string,
): number {
  const integer = typeOf(schema) === 'integer';
  const line = labelLine(doc, nameWords);
  const done = (n: number): number => {
    if (integer && !Number.isInteger(n)) throw nei(path, 'the number found is not an integer');
    return n;
  };
  if (hw.length === 0 || has(hw, ...AMOUNT_HINTS)) {
    if (line !== null || doc.amounts().length > 0 || has(hw, ...AMOUNT_HINTS))
      return done(pickAmount(doc, line, path).value);
  }
  if (line !== null) {
    const n = findNumbers(line)[0] ?? null;
    if (n) return done(n.value);
  }
  for (const w of hw.filter((x) => !GENERIC.has(x))) {
    const unit =
      w === 'duration' || w.startsWith('minute')
        ? '(?:min|mins|minutes?)'
        : w.startsWith('hour')
          ? '(?:h|hrs?|hours?)'
          : `${escapeRegExp(w.replace(/s$/, ''))}s?`;
    const re = new RegExp(`(\\d+(?:[.,]\\d+)?)\\s*${unit}\\b`, 'gi');
    const found = [...doc.own.matchAll(re)].map((m) => parseNumber(m[1] ?? '')).filter((n): n is number => n !== null);
    if (found.length > 0) return done(one(found, String, path, `number of ${w}`));
  }
  return done(
    one(
      doc.find('numbers', findNumbers).map((n) => n.value),
      String,
      path,
      'number',
    ),
  );
}

const BOOL_PREFIXES = new Set([
  'is',
  'has',
  'have',
  'needs',
  'need',
  'requires',
  'require',
  'contains',
  'contain',
  'wants',
  'should',
  'was',
  'are',
  'any',
  'include',
  'includes',
  'mentions',
  'asks',
  'for',
]);

function fillBoolean(doc: Doc, hw: readonly string[], path: string): boolean {
  const ws = hw.filter((w) => !BOOL_PREFIXES.has(w) && !GENERIC.has(w));
  if (ws.length === 0) throw nei(path, 'a yes/no field needs a descriptive name, e.g. "isUrgent"');
  for (const w of ws) {
    const terms = [w, ...(KEYWORDS[w] ?? KEYWORDS[w.replace(/s$/, '')] ?? [])];
    if (terms.some((t) => (t === '?' ? doc.full.includes('?') : countTerm(doc.full, t) > 0))) return true;
    if (w === 'attachment' && /\battach(ed|ment|ments)?\b/i.test(doc.full)) return true;
  }
  return false;
}

function fillArray(doc: Doc, schema: JsonSchema, hw: readonly string[], path: string): Json[] {
  const items = schema.items ?? { type: 'string' };
  const it = typeOf(items);
  const ihw = [...hw, ...hintWords(items.description ?? '')];
  if (it === 'object')
    throw nei(path, 'lists of objects are beyond the rule-based extractor; extract each field separately');
  if (items.enum) {
    return items.enum.filter((e) => typeof e === 'string' && scoreLabel(doc.full, e) > 0);
  }
  if (it === 'number' || it === 'integer') {
    if (has(ihw, ...AMOUNT_HINTS) || doc.amounts().length > 0)
      return distinct(doc.amounts(), (a) => `${a.value} ${a.currency}`).map((a) => a.value);
    return distinct(doc.find('numbers', findNumbers).map((n) => n.value)).filter(
      (n) => it === 'number' || Number.isInteger(n),
    );
  }
  if (it === 'boolean') throw nei(path, 'a list of yes/no values has no meaning here');
  const kind = stringKind(items, ihw);
  switch (kind) {
    case 'email':
      return distinct(doc.emails().map((f) => f.value.toLowerCase()));
    case 'date':
      return distinct(doc.dates().map((d) => fmtDate(d.start, items.format)));
    case 'url':
      return distinct(doc.find('urls', findUrls).map((f) => f.value));
    case 'phone':
      return distinct(doc.find('phones', findPhones).map((f) => f.value));
    case 'iban':
      return distinct(doc.find('ibans', findIbans).map((f) => f.value));
    case 'code':
      return distinct(doc.find('codes', findCodes).map((f) => f.value));
    case 'ref':
      return distinct(doc.find('refs', findReferences).map((f) => f.value));
    case 'amount':
      return distinct(doc.amounts().map((a) => a.text));
    case 'action':
      return findActionItems(doc.full);
    case 'name':
      return distinct(doc.find('names', signatureNames));
    case 'location':
      return distinct(doc.find('locations', findPlaces));
    case 'summary':
      return sentences(stripSignature(doc.own)).slice(0, 5);
    case null:
      throw nei(path, 'no rule knows what list to build for this field');
  }
}

function fill(doc: Doc, schema: JsonSchema, name: string, path: string): Json {
  const nameWords = hintWords(name);
  const hw = [...nameWords, ...hintWords(schema.description ?? '')];
  if (schema.enum && typeOf(schema) === 'string') {
    const values = schema.enum.filter((e): e is string => typeof e === 'string');
    try {
      return classifyText(doc.full, values);
    } catch (e) {
      if (e instanceof NotEnoughInformation) throw nei(path, e.message.replace(/^classify: /, ''));
      throw e;
    }
  }
  if (schema.enum) {
    const nums = doc.find('numbers', findNumbers).map((n) => n.value);
    const hits = schema.enum.filter((e) => typeof e === 'number' && nums.includes(e));
    return one(hits, String, path, 'allowed value') as Json;
  }
  switch (typeOf(schema)) {
    case 'object': {
      const out: Record<string, Json> = {};
      const required = requiredOf(schema);
      for (const [k, sub] of Object.entries(schema.properties ?? {})) {
        try {
          out[k] = fill(doc, sub, k, `${path}.${k}`);
        } catch (e) {
          if (!(e instanceof NotEnoughInformation) || required.includes(k)) throw e;
        }
      }
      return out;
    }
    case 'array':
      return fillArray(doc, schema, hw, path);
    case 'string':
      return fillString(doc, schema, nameWords, hw, path);
    case 'number':
    case 'integer':
      return fillNumber(doc, schema, nameWords, hw, path);
    case 'boolean':
      return fillBoolean(doc, hw, path);
  }
}

export function extractBySchema(text: string, schema: JsonSchema, ctx: ExtractContext): Json {
  const doc = new Doc(text, ctx.now);
  if (!text.trim()) throw new NotEnoughInformation('the text is empty');
  const value = fill(doc, schema, '', '$');
  const problem = validateAgainst(schema, value);
  if (problem) throw new NotEnoughInformation(`the answer does not fit the schema (${problem})`);
  return value;
}
