/**
 * A claim explained in human terms, from the real action and its labels — never from text the
 * plan produced (a plan's `log("Forwarded")` proves nothing). What will happen, in one sentence;
 * for each field, where its value came from ("the address ap-desk@… was taken from the email
 * “UPDATED bank details” from billing@… (not in your contacts)"); and flags a person should see
 * first: recipients chosen by untrusted mail, look-alike domains, links whose host is not the
 * sender's.
 */
import { isListedSource } from '../ifc/label';
import type { Json } from '../ifc/labeled-value';
import type { FieldLineage } from '../run/types';
import { canonicalDomain, lookalikeOf } from '../sanitizers';
import { bareAddress } from '../world';
import { domainOfAddress, linkHosts } from './mail-warnings';

export interface EmailRef {
  readonly subject: string;
  readonly from: string;
  readonly fromIsContact: boolean;
}

export interface EventRef {
  readonly title: string;
  readonly organizer: string;
}

/** What the explanation may look up: items by id, the user and their contacts. */
export interface Directory {
  email(id: string): EmailRef | undefined;
  event(id: string): EventRef | undefined;
  readonly userAddresses: readonly string[];
  readonly contacts: readonly string[];
  /** How many emails a listing of the mailbox chose among (for "chosen among N emails"). */
  readonly mailboxSize: number;
}

export interface FieldExplanation {
  readonly path: string;
  readonly value: string;
  /** Short, for a chip: you typed · your contact · verified · from email … · written by the plan. */
  readonly provenance: string;
  /** One readable sentence. */
  readonly sentence: string;
  readonly untrusted: boolean;
}

export interface ClaimExplanation {
  readonly what: string;
  readonly fields: readonly FieldExplanation[];
  readonly flags: readonly string[];
}

const bare = bareAddress;
const domainOf = domainOfAddress;
const short = (v: Json | undefined): string => {
  const s = typeof v === 'string' ? v : JSON.stringify(v ?? null);
  return s.length > 80 ? `${s.slice(0, 79)}…` : s;
};

function valueAt(args: Readonly<Record<string, Json>>, path: string): Json | undefined {
  const parts = path.match(/[^.[\]]+/g) ?? [];
  let v: Json | undefined = args as Json;
  for (const p of parts) {
    if (v === null || typeof v !== 'object') return undefined;
    v = Array.isArray(v) ? v[Number(p)] : (v as Record<string, Json>)[p];
  }
  return v;
}

const emailIdOf = (source: string): string | null => {
  const m = /^tool:(?:getEmail|listEmails|searchEmails):(.+?)(#listed)?$/.exec(source);
  return m ? m[1]! : null;
};
const eventIdOf = (source: string): string | null => /^tool:listEvents:(.+)$/.exec(source)?.[1] ?? null;

export function describeSource(source: string, dir: Directory): string | null {
  const e = emailIdOf(source);
  if (e) {
    const ref = dir.email(e);
    return ref
      ? `the email “${ref.subject}” from ${bare(ref.from)}${ref.fromIsContact ? '' : ' (not in your contacts)'}`
      : `an email (${e})`;
  }
  const ev = eventIdOf(source);
  if (ev) {
    const ref = dir.event(ev);
    return ref ? `the event “${ref.title}” organised by ${bare(ref.organizer)}` : `an event (${ev})`;
  }
  return null;
}

function provenance(f: FieldLineage, dir: Directory): { chip: string; from: string } {
  if (f.verified) return { chip: `verified (${f.verified})`, from: 'checked by a sanitizer' };
  if (f.untrusted.length === 0) {
    if (f.sources.includes('user')) return { chip: 'you typed', from: 'what you asked for' };
    if (f.sources.includes('system'))
      return { chip: 'your own data', from: 'your own data (contacts, calendar, addresses)' };
    return { chip: 'written by the plan', from: 'the plan itself' };
  }
  const direct = f.untrusted.filter((s) => !isListedSource(s));
  const listed = f.untrusted.filter(isListedSource);
  const named = [...new Set(direct.map((s) => describeSource(s, dir)).filter((x): x is string => x !== null))];
  const parts: string[] = [];
  if (named.length)
    parts.push(named.length > 3 ? `${named.slice(0, 3).join(', ')} and ${named.length - 3} more` : named.join(' and '));
  if (listed.length) parts.push(`chosen among ${listed.length} emails of your inbox`);
  const chip = named.length
    ? `from ${named[0]}${named.length > 1 ? ` (+${named.length - 1})` : ''}`
    : 'chosen by untrusted mail';
  return { chip, from: parts.join(', ') || 'untrusted content' };
}

const NOUN: Record<string, (n: number) => string> = {
  sendEmail: (n) => `Send an email to ${n} ${n === 1 ? 'person' : 'people'}`,
  replyToEmail: (n) => `Reply to an email (${n} ${n === 1 ? 'recipient' : 'recipients'})`,
  forwardEmail: (n) => `Forward an email to ${n} ${n === 1 ? 'person' : 'people'}`,
  createEvent: (n) => `Create an event${n ? ` and invite ${n} ${n === 1 ? 'person' : 'people'}` : ''}`,
  updateEvent: (n) => `Change an event${n ? ` (${n} ${n === 1 ? 'attendee' : 'attendees'} notified)` : ''}`,
  respondToEvent: () => 'Answer an invitation',
  deleteEmail: () => 'Move an email to the trash',
  archiveEmail: () => 'Archive an email',
  labelEmail: () => 'Label an email',
  moveEmail: () => 'Move an email',
  markRead: () => 'Mark an email as read',
};

export function recipientsOf(tool: string, args: Readonly<Record<string, Json>>, dir: Directory): string[] {
  const list = (v: Json | undefined): string[] =>
    Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : [];
  if (tool === 'replyToEmail') {
    const e = typeof args.id === 'string' ? dir.email(args.id) : undefined;
    return e ? [e.from] : [];
  }
  if (tool === 'respondToEvent') {
    const ev = typeof args.id === 'string' ? dir.event(args.id) : undefined;
    return ev ? [ev.organizer] : [];
  }
  return [...list(args.to), ...list(args.cc), ...list(args.attendees), ...list(args.addAttendees)].map(bare);
}

export function explainClaim(
  claim: {
    readonly tool: string;
    readonly args: Readonly<Record<string, Json>>;
    readonly fields: readonly FieldLineage[];
  },
  dir: Directory,
): ClaimExplanation {
  const userDomains = new Set(dir.userAddresses.map(domainOf));
  const recipients = recipientsOf(claim.tool, claim.args, dir);
  const outside = recipients.filter((r) => !userDomains.has(domainOf(r)));
  const noun = NOUN[claim.tool]?.(recipients.length) ?? `Run ${claim.tool}`;
  const what =
    recipients.length === 0
      ? noun
      : `${noun}${outside.length ? `, ${outside.length === recipients.length ? (recipients.length === 1 ? 'outside' : 'all outside') : `${outside.length} outside`} your company` : ' in your company'}: ${recipients.join(', ')}`;

  const fields = claim.fields.map((f): FieldExplanation => {
    const p = provenance(f, dir);
    const value = short(valueAt(claim.args, f.path));
    const what = /^(to|cc|attendees|addAttendees)\b/.test(f.path)
      ? `The address ${value}`
      : `The ${f.path.replace(/\[\d+\]$/, '')}`;
    return {
      path: f.path,
      value,
      provenance: p.chip,
      sentence: `${what} ${f.untrusted.length ? 'was taken from' : 'comes from'} ${p.from}.`,
      untrusted: f.untrusted.length > 0,
    };
  });

  const flags: string[] = [];
  for (const f of fields)
    if (f.untrusted && /^(to|cc|attendees|addAttendees)\b/.test(f.path))
      flags.push(`The recipient ${f.value} was chosen by content you did not write.`);
  const known = [...new Set([...dir.contacts.map(domainOf), ...userDomains])]
    .filter(Boolean)
    .map((ascii) => ({ ascii, why: 'a domain you deal with' }));
  for (const r of recipients) {
    const d = canonicalDomain(domainOf(r));
    if (!d.ok) continue;
    const like = lookalikeOf(domainOf(r), d.ascii, known);
    if (like) flags.push(`${r} looks like ${like.ascii} but is not it.`);
  }
  const texts = fields.filter((f) => f.untrusted).map((f) => String(valueAt(claim.args, f.path) ?? ''));
  for (const host of linkHosts(texts.join('\n'))) {
    const senders = claim.fields
      .flatMap((f) => f.untrusted)
      .map(emailIdOf)
      .filter((x): x is string => x !== null)
      .map((id) => dir.email(id))
      .filter((x): x is EmailRef => x !== undefined)
      .map((e) => domainOf(e.from));
    if (senders.length && !senders.some((d) => host === d || host.endsWith(`.${d}`)))
      flags.push(`A link to ${host} comes from mail sent by ${[...new Set(senders)].join(', ')}: the hosts differ.`);
  }
  return { what, fields, flags: [...new Set(flags)] };
}

const LISTED_RUN = /((?:tool:([A-Za-z]+):[^\s,()]+#listed(?:, )?)+)(?: and (\d+) more)?/g;
const ITEM_SOURCE = /tool:(?:getEmail|listEmails|searchEmails|listEvents):[^\s,()#]+/g;

/**
 * A gate reason in a person's words: a run of listing sources ("tool:searchEmails:e01#listed,
 * … and 47 more") becomes "which of 52 emails a search returned", an item source the email or
 * event it names. The raw reason stays in the audit log.
 */
export function humanizeReason(reason: string, dir: Directory): string {
  return reason
    .replace(LISTED_RUN, (_all, run: string, tool: string, more?: string) => {
      const n = run.split(', ').filter(Boolean).length + Number(more ?? 0);
      const what = /Events/.test(tool) ? 'events' : 'emails';
      return `which of ${n} ${what} ${tool === 'searchEmails' ? 'a search' : 'a listing'} returned`;
    })
    .replace(ITEM_SOURCE, (s) => describeSource(s, dir) ?? s);
}
