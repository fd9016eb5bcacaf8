/**
 * `ask` without a language model: a request is matched against the playbooks it can run, with
 * the parameters read from the person's own words (trusted). A person is named by name or by
 * address and found in the contacts (never by an internal id): "reply to Lena", "follow up with
 * bob@acme.test", "schedule with Lena Fischer", "summarise mail from Tom", "find mockups from
 * Lena". A name that matches no contact, or several, is said so. Anything else is answered with
 * the list of what can be done without a model — never a guess.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Json } from '../../engine/ifc/labeled-value';

const DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'resources', 'playbooks');

/** The playbooks that write times into a reply or a draft: they begin with zone.js. */
export const WRITES_TIMES: ReadonlySet<string> = new Set(['answer', 'person']);

/** A playbook's source, with zone.js before it when it writes times where the person is. */
export function playbookSource(name: PlaybookMatch['playbook']): string {
  const own = readFileSync(join(DIR, `${name}.js`), 'utf8');
  return WRITES_TIMES.has(name) ? `${readFileSync(join(DIR, 'zone.js'), 'utf8')}\n${own}` : own;
}

export interface PlaybookMatch {
  readonly playbook: 'triage' | 'daily-brief' | 'draft-reply' | 'follow-up' | 'answer' | 'person';
  readonly input: Json;
  readonly plan: string;
}

/** A contact, as the person's address book has it. */
export interface Contact {
  readonly name: string;
  readonly email: string;
}

/** A request that names someone the contacts do not hold exactly once. */
export interface UnknownPerson {
  readonly error: string;
}

/**
 * The contact a request names: an address (a contact's, or any address typed in full), or a
 * name — the full name, or a first name only one contact has.
 */
export function findPerson(words: string, contacts: readonly Contact[]): Contact | UnknownPerson {
  const w = words.trim().replace(/[.?!]+$/, '');
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(w)) {
    const c = contacts.find((x) => x.email.toLowerCase() === w.toLowerCase());
    return c ?? { name: w, email: w.toLowerCase() };
  }
  const lower = w.toLowerCase();
  const full = contacts.filter((c) => c.name.toLowerCase() === lower);
  const first = contacts.filter((c) => c.name.toLowerCase().split(/\s+/)[0] === lower);
  const hits = full.length ? full : first;
  if (hits.length === 1) return hits[0]!;
  if (hits.length > 1)
    return {
      error: `Several contacts are called “${w}”: ${hits.map((c) => `${c.name} <${c.email}>`).join(', ')}. Say which, by full name or address.`,
    };
  return { error: `No contact is called “${w}”. Name them as in your contacts, or by email address.` };
}

interface Intent {
  readonly playbook: PlaybookMatch['playbook'];
  readonly example: string;
  readonly pattern: RegExp;
  readonly input: (m: RegExpMatchArray, request: string) => Json;
  /** The match group that names a person, when the intent acts on one. */
  readonly person?: number;
  /** The input, given the person the request names. */
  readonly withPerson?: (c: Contact, m: RegExpMatchArray, request: string) => Json;
}

/** One or two words that name a person (the second may be the rest of the request). */
const PERSON = '([^\\s,:;]+(?:\\s+[^\\s,:;]+)?)';

const INTENTS: readonly Intent[] = [
  {
    playbook: 'triage',
    example: 'triage my inbox',
    pattern: /^\s*(please\s+)?(triage|sort|go through|sort out)\b.*\b(inbox|mail|emails?)\b/i,
    input: () => null,
  },
  {
    playbook: 'daily-brief',
    example: 'give me my daily brief',
    pattern:
      /\b(daily brief|brief me|briefing|summari[sz]e (my )?unread|what'?s (on )?(for )?today|today'?s agenda)\b/i,
    input: () => ({ limit: 20 }),
  },
  {
    playbook: 'draft-reply',
    example: 'draft a reply to e01 saying: Thanks, Thursday works.',
    pattern: /\b(draft|write)\s+(a\s+)?reply\s+to\s+(?:email\s+)?([A-Za-z0-9._:-]+)(?:\s*(?:saying|:)\s*:?\s*(.+))?$/is,
    input: (m) => ({
      id: m[3]!,
      body: (m[4] ?? 'Thanks for your message. I will get back to you shortly.').trim(),
    }),
  },
  {
    playbook: 'answer',
    example: 'reply to Lena',
    pattern: new RegExp(
      `^\\s*(?:please\\s+)?(?:draft\\s+a\\s+|write\\s+a\\s+)?reply\\s+to\\s+${PERSON}\\s*[.?!]?\\s*$`,
      'i',
    ),
    input: () => null,
    person: 1,
    withPerson: (c) => ({ from: c.email, signature: '' }),
  },
  {
    playbook: 'follow-up',
    example: 'follow up with Bob',
    pattern: new RegExp(`\\bfollow[- ]?up\\s+with\\s+${PERSON}`, 'i'),
    input: () => null,
    person: 1,
    withPerson: (c, _m, request) => ({ days: daysIn(request), with: c.email.toLowerCase() }),
  },
  {
    playbook: 'person',
    example: 'schedule with Lena',
    pattern: new RegExp(`\\b(?:schedule|set up|book)\\s+(?:a\\s+)?(?:meeting|time|call)?\\s*with\\s+${PERSON}`, 'i'),
    input: () => null,
    person: 1,
    withPerson: (c) => ({ kind: 'schedule', name: c.name, address: c.email }),
  },
  {
    playbook: 'person',
    example: 'summarise mail from Tom',
    pattern: new RegExp(
      `\\bsummari[sz]e\\s+(?:(?:my|the)\\s+)?(?:recent\\s+)?(?:e?mails?|messages?)?\\s*from\\s+${PERSON}`,
      'i',
    ),
    input: () => null,
    person: 1,
    withPerson: (c) => ({ kind: 'summarise', name: c.name, address: c.email }),
  },
  {
    playbook: 'person',
    example: 'find mockups from Lena',
    pattern: new RegExp(
      `^\\s*(?:please\\s+)?(?:find|search(?:\\s+for)?|look\\s+for)\\s+(.+?)\\s+from\\s+${PERSON}\\s*[.?!]?\\s*$`,
      'i',
    ),
    input: () => null,
    person: 2,
    withPerson: (c, m) => ({
      kind: 'find',
      query: m[1]!.replace(/^(?:the|my|an?)\s+/i, '').replace(/\s+(?:e?mails?|messages?)$/i, ''),
      name: c.name,
      address: c.email,
    }),
  },
  {
    playbook: 'follow-up',
    example: 'follow up on unanswered threads older than 5 days',
    pattern: /\bfollow[- ]?up\b.*\b(unanswered|no (answer|reply|response)|threads?|e?mails?|messages?)\b/i,
    input: (_m, request) => ({ days: daysIn(request) }),
  },
];

/** Days of silence before a thread needs a nudge, unless the request names them. */
export const DEFAULT_FOLLOW_UP_DAYS = 3;

/** "after 5 days", "for a week", "2 weeks": the waiting time the person named, in days. */
function daysIn(request: string): number {
  const m = request.match(/\b(\d+|a|one)\s*(days?|weeks?)\b/i);
  if (!m) return DEFAULT_FOLLOW_UP_DAYS;
  const n = /^\d+$/.test(m[1]!) ? Number(m[1]) : 1;
  return m[2]!.toLowerCase().startsWith('week') ? n * 7 : n;
}

/** What to offer without a model: every request by words a person uses (none by an internal id). */
export const SUPPORTED = INTENTS.filter((i) => i.playbook !== 'draft-reply').map((i) => i.example);

/**
 * The playbook a request asks for, with its input; an error when it names a person the contacts
 * do not settle; null when no playbook covers it (a language model may plan it).
 */
export function interpret(request: string, contacts: readonly Contact[] = []): PlaybookMatch | UnknownPerson | null {
  for (const intent of INTENTS) {
    const m = request.match(intent.pattern);
    if (!m) continue;
    let input = intent.input(m, request);
    if (intent.person !== undefined && intent.withPerson) {
      // "Lena Fischer" or "Tom after 5 days": the two words name a person, or else the first does.
      const words = m[intent.person]!;
      const two = findPerson(words, contacts);
      const who = 'error' in two && /\s/.test(words) ? findPerson(words.split(/\s+/)[0]!, contacts) : two;
      // Neither: a capitalised second word is part of the name typed ("Nobody Known"), so the
      // answer names all of it; a lower-case one is the rest of the request ("Tom after").
      if ('error' in who) return 'error' in two && /^\S+\s+\p{Lu}/u.test(words) ? two : who;
      input = intent.withPerson(who, m, request);
    }
    return {
      playbook: intent.playbook,
      input,
      plan: intent.playbook === 'triage' ? '' : playbookSource(intent.playbook),
    };
  }
  return null;
}

/** The playbook a request asks for, or null (a person the contacts do not settle included). */
export function matchRequest(request: string, contacts: readonly Contact[] = []): PlaybookMatch | null {
  const r = interpret(request, contacts);
  return r && 'error' in r ? null : r;
}
