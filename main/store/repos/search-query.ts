/**
 * What a person types in the search box, as a structured query: the operators people know from
 * Gmail (`from:` `to:` `subject:` `is:unread` `is:starred` `has:attachment` `in:FOLDER`
 * `before:` `after:`), quoted phrases, and plain words.
 *
 * Nothing typed ever becomes SQL or FTS syntax: the parser only returns values; the repository
 * binds them as parameters, and `ftsMatch` quotes every word and phrase so FTS operators (NEAR,
 * column filters, `*`, parentheses) are taken literally. An operator this parser does not know
 * (`foo:bar`) is searched for as words.
 */

export interface SearchQuery {
  /** Words matched anywhere (subject, sender, body); the last one also as a prefix while typing. */
  readonly words: readonly string[];
  /** Quoted phrases, matched as consecutive words. */
  readonly phrases: readonly string[];
  /** Matched in the subject only (FTS column filter). */
  readonly subject: readonly string[];
  /** Substrings of the sender / of a recipient (To or Cc), case-insensitive. */
  readonly from: readonly string[];
  readonly to: readonly string[];
  readonly unread?: boolean;
  readonly starred?: boolean;
  readonly hasAttachment?: boolean;
  /** A folder name, matched case-insensitively (`in:inbox` is INBOX). */
  readonly folder?: string;
  /** ISO dates (YYYY-MM-DD): before is exclusive, after is inclusive of that day onward. */
  readonly before?: string;
  readonly after?: string;
}

/** Bounds: a query is what a person types, not a document. */
const MAX_TERMS = 16;

const OPERATOR = /^(from|to|subject|is|has|in|before|after):(.*)$/i;

/** A token of the raw text: a quoted phrase, `op:"quoted value"`, or a run of non-spaces. */
const TOKEN = /(\w+:)?"([^"]*)"?|\S+/g;

/** Words as FTS sees them (unicode61: letters and digits). */
const wordsOf = (s: string): string[] => s.match(/[\p{L}\p{N}]+/gu) ?? [];

/** `2026/3/9`, `2026-03-09`: a day as YYYY-MM-DD, or undefined when it is not a real date. */
export function dayOf(s: string): string | undefined {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(s.trim());
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return undefined;
  return date.toISOString().slice(0, 10);
}

export function parseSearch(text: string): SearchQuery {
  const q = {
    words: [] as string[],
    phrases: [] as string[],
    subject: [] as string[],
    from: [] as string[],
    to: [] as string[],
  } as {
    -readonly [K in keyof SearchQuery]: SearchQuery[K] extends readonly string[] ? string[] : SearchQuery[K];
  };
  for (const m of text.slice(0, 2000).matchAll(TOKEN)) {
    const [token, prefix, quoted] = m;
    if (prefix === undefined && quoted !== undefined) {
      const phrase = wordsOf(quoted).join(' ');
      if (phrase) q.phrases.push(phrase);
      continue;
    }
    const op = OPERATOR.exec(prefix !== undefined ? `${prefix}${quoted ?? ''}` : token);
    const value = op?.[2]?.trim() ?? '';
    if (!op || !value) {
      q.words.push(...wordsOf(token));
      continue;
    }
    const name = op[1]!.toLowerCase();
    const v = value.toLowerCase();
    if (name === 'from') q.from.push(v);
    else if (name === 'to') q.to.push(v);
    else if (name === 'subject') q.subject.push(...wordsOf(value));
    else if (name === 'in') q.folder = value;
    else if (name === 'is' && (v === 'unread' || v === 'read')) q.unread = v === 'unread';
    else if (name === 'is' && (v === 'starred' || v === 'flagged')) q.starred = true;
    else if (name === 'has' && (v === 'attachment' || v === 'attachments')) q.hasAttachment = true;
    else if ((name === 'before' || name === 'after') && dayOf(value)) q[name] = dayOf(value);
    else q.words.push(...wordsOf(token));
  }
  for (const k of ['words', 'phrases', 'subject', 'from', 'to'] as const) q[k] = q[k].slice(0, MAX_TERMS);
  return q;
}

const quote = (s: string): string => `"${s.replace(/"/g, '""')}"`;

/**
 * The FTS5 MATCH expression for the words, phrases and subject words, or null when the query
 * has none (then only the other filters apply). Every term quoted: it can only mean "all these".
 */
export function ftsMatch(q: SearchQuery): string | null {
  const terms = [
    ...q.phrases.map(quote),
    ...q.subject.map((w) => `subject : ${quote(w)}`),
    ...q.words.map((w, i, all) => `${quote(w)}${i === all.length - 1 ? '*' : ''}`),
  ];
  return terms.length ? terms.join(' AND ') : null;
}

/** What the list highlights: the words and phrases searched for (operators' values excluded). */
export const highlightTerms = (q: SearchQuery): string[] => [...q.phrases, ...q.subject, ...q.words];

/** Whether the text asks for nothing (no word, phrase or operator): it finds nothing. */
export const isEmptyQuery = (q: SearchQuery): boolean =>
  ftsMatch(q) === null &&
  q.from.length === 0 &&
  q.to.length === 0 &&
  q.unread === undefined &&
  q.starred === undefined &&
  q.hasAttachment === undefined &&
  q.folder === undefined &&
  q.before === undefined &&
  q.after === undefined;
