/**
 * A claim explained for a person, from the real action and its labels — never from text the
 * plan produced (a plan's `log("Forwarded")` proves nothing):
 * - `what`: one sentence, every recipient named or counted ("Reply to Bob Lee", "Send an email
 *   to Bob Lee and 3 people outside your company");
 * - `recipients` and `preview`: the message or event as its recipients will see it;
 * - `fields`: each with its name in words, a provenance chip and one sentence;
 * - `why`: at most three sentences. Untrusted fields are grouped by where they came from, so
 *   every one of them is named however many there are; the gate's raw reasons are grouped by
 *   what can go wrong before anything is cut (they stay, raw, in the audit log);
 * - `risk`: what can go wrong, not which rule matched: a reply in your own words to an
 *   authenticated colleague is low whatever rule asked.
 */
import { isListedSource } from '../ifc/label';
import type { Json } from '../ifc/labeled-value';
import type { FieldLineage } from '../run/types';
import { canonicalDomain, lookalikeOf } from '../sanitizers';
import { bareAddress } from '../world';
import { recipientsOf, type Effect } from '../tools/effect';
import { fieldWords } from './field-words';
import { domainOfAddress, linkHosts } from './mail-warnings';
import { concernsOf, listedItems, listingPhrase, reasonSentence } from './reasons';
import { seriesWords } from './repeat-words';
import { chosenItemName, describeSource, emailIdOf } from './sources';
import { formatSpan, type TimeStyle } from './when';

export { humanizeReason, reasonSentence } from './reasons';
export { describeSource } from './sources';

export interface EmailRef {
  readonly subject: string;
  readonly from: string;
  readonly fromIsContact: boolean;
  /** false: the receiving server could not authenticate the sender (absent: it could). */
  readonly authenticated?: boolean;
}

export interface EventRef {
  readonly title: string;
  readonly organizer: string;
  /** When it is (ISO times): sentences that name the event say when, not only its title. */
  readonly start?: string;
  readonly end?: string;
}

/** What the explanation may look up: items by id, the user and their contacts. */
export interface Directory {
  email(id: string): EmailRef | undefined;
  event(id: string): EventRef | undefined;
  readonly userAddresses: readonly string[];
  readonly contacts: readonly string[];
  /** How many emails the mailbox holds. */
  readonly mailboxSize: number;
  /** A contact's or the user's own name for an address (never a name an email claimed). */
  nameOf?(address: string): string | undefined;
  /** The person's zone and format, for the times of the events a sentence names. */
  readonly timeStyle?: TimeStyle;
}

export type Risk = 'low' | 'medium' | 'high';

export interface FieldExplanation {
  readonly path: string;
  /** The field's name in words: "Recipient 2", "Which email to answer". */
  readonly label: string;
  readonly value: string;
  /** Short, for a chip: you typed · your own data · verified · from “subject” by sender. */
  readonly provenance: string;
  /** One readable sentence. */
  readonly sentence: string;
  readonly untrusted: boolean;
}

export type ClaimPreview =
  | {
      readonly kind: 'mail';
      readonly from: string;
      readonly to: readonly string[];
      readonly cc: readonly string[];
      readonly subject: string;
      readonly body: string;
      readonly attachments: readonly { filename: string; contentType: string; size: number }[];
    }
  | {
      readonly kind: 'event';
      readonly title: string;
      readonly start: string;
      readonly end: string;
      /** The start and end in the person's zone and format. */
      readonly when: string;
      readonly location: string;
      /** The notes (DESCRIPTION): they go to every guest with the event. */
      readonly description: string;
      readonly attendees: readonly string[];
      readonly notified: readonly string[];
      readonly response?: string;
      /** How the series repeats, in words (engine/claims/repeat-words.ts); absent: one event. */
      readonly repeats?: string;
    }
  | { readonly kind: 'organize'; readonly email: string; readonly folder?: string; readonly label?: string };

export interface ClaimExplanation {
  readonly what: string;
  readonly why: readonly string[];
  readonly recipients: readonly string[];
  readonly preview: ClaimPreview;
  readonly fields: readonly FieldExplanation[];
  /** The things to look at first: recipients chosen by mail, look-alikes, links to other hosts. */
  readonly flags: readonly string[];
  /** Recipients no standing rule may trust: chosen by an email, look-alikes, unverified senders. */
  readonly unsafeRecipients: readonly { readonly address: string; readonly why: string }[];
  readonly risk: Risk;
}

export interface ExplainOptions extends TimeStyle {
  /**
   * What the call does (`effectOf` of engine/tools): the recipients and the preview are exactly
   * what leaves. null when it cannot be worked out (an item it names is gone).
   */
  readonly effect: Effect | null;
}

const MAX_WHY = 3;
const bare = bareAddress;
const domainOf = domainOfAddress;
const and = (xs: readonly string[]): string =>
  xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const clip = (s: string, n: number): string => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const quote = (s: string): string => `“${clip(s, 60)}”`;
const short = (v: Json | undefined): string => clip(typeof v === 'string' ? v : JSON.stringify(v ?? null), 80);

/** The value at a field's path among a call's named arguments (`values[1]`, `to[0]`, `values[2].from`). */
export function valueAt(args: Readonly<Record<string, Json>>, path: string): Json | undefined {
  const parts = path.match(/[^.[\]]+/g) ?? [];
  let v: Json | undefined = args as Json;
  for (const p of parts) {
    if (v === null || typeof v !== 'object') return undefined;
    v = Array.isArray(v) ? v[Number(p)] : (v as Record<string, Json>)[p];
  }
  return v;
}

/** Where a field's untrusted value came from: the items named, and any listing it was chosen from. */
interface Origin {
  readonly named: readonly string[];
  readonly listed: { tool: string; n: number } | null;
}

function originOf(untrusted: readonly string[], dir: Directory): Origin {
  const named = [
    ...new Set(
      untrusted
        .filter((s) => !isListedSource(s))
        .map((s) => describeSource(s, dir))
        .filter((x): x is string => x !== null),
    ),
  ];
  const listed = untrusted.filter(isListedSource);
  const tool = /^tool:([^:]+):/.exec(listed[0] ?? '')?.[1] ?? 'listEmails';
  return { named, listed: listed.length ? { tool, n: listed.length } : null };
}

const namedPhrase = (named: readonly string[]): string =>
  named.length > 3 ? `${named.slice(0, 3).join(', ')} and ${named.length - 3} more` : and(named);

function originPhrase(o: Origin): string {
  if (o.named.length && o.listed)
    return `${namedPhrase(o.named)}, found by reading ${listedItems(o.listed.tool, o.listed.n)}`;
  if (o.named.length) return namedPhrase(o.named);
  return o.listed ? listedItems(o.listed.tool, o.listed.n) : 'content you did not write';
}

/** What a provenance chip reads from: a label's sources, untrusted ones and sanitizer mark. */
export type ChipSources = Pick<FieldLineage, 'sources' | 'untrusted' | 'verified'>;

/**
 * A value's provenance chip in words ("your own data", "from “Invoice” by x@y (not a contact)"):
 * the Review card's fields and the Ask screen's result lines read alike. The first untrusted
 * source that names an item is the one the chip names.
 */
export const provenanceChip = (f: ChipSources, dir: Directory): string => provenance(f, dir).chip;

/**
 * `chosen`: the item a choice field names, in words ("“Partnership intro” organised by kira@…"):
 * its chip names that item first, then what the choice was made by reading — never the first
 * item read, which may be another one.
 */
function provenance(f: ChipSources, dir: Directory, chosen?: string | null): { chip: string; origin: Origin | null } {
  if (f.verified) return { chip: `verified (${f.verified})`, origin: null };
  if (f.untrusted.length === 0) {
    if (f.sources.includes('user')) return { chip: 'you typed', origin: null };
    if (f.sources.includes('system')) return { chip: 'your own data', origin: null };
    return { chip: 'written by the assistant', origin: null };
  }
  const o = originOf(f.untrusted, dir);
  if (chosen) return { chip: `${chosen}, ${influence(o, chosen)}`, origin: o };
  const first = f.untrusted.find((s) => !isListedSource(s));
  const firstId = first ? emailIdOf(first) : null;
  const ref = firstId ? dir.email(firstId) : undefined;
  // "and 2 more", not "+2": the chip is read, not decoded.
  const more = o.named.length > 1 ? ` and ${o.named.length - 1} more` : '';
  const chip = ref
    ? `from ${quote(ref.subject)} by ${bare(ref.from)}${ref.fromIsContact ? '' : ' (not a contact)'}${more}`
    : o.named.length
      ? // "from “Standup” (…) organised by bob@…", as an email's chip reads "from “Invoice” by …".
        `from ${o.named[0]!.replace(/^the (?:event |email )?/, '')}${more}`
      : o.listed && o.listed.n > 1
        ? `chosen among ${listedItems(o.listed.tool, o.listed.n).replace(/^the /, '')}`
        : `from ${listedItems(o.listed?.tool ?? '', 1)}`;
  return { chip, origin: o };
}

/** What a choice was made by reading, beside the item chosen: a listing, else the other items read. */
function influence(o: Origin, chosen: string): string {
  if (o.listed) return `chosen among ${listedItems(o.listed.tool, o.listed.n)}`;
  const others = o.named.filter((n) => !n.includes(chosen));
  // Chosen by reading only the item itself: what it says decided.
  return others.length ? `chosen by reading ${namedPhrase(others)}` : 'chosen by what it says';
}

function fieldSentence(noun: string, chip: string, f: FieldLineage, origin: Origin | null, choice: boolean): string {
  const Noun = capital(noun);
  if (f.verified) return `${Noun} was checked by a sanitizer (${f.verified}).`;
  if (!origin) {
    if (chip === 'you typed') return `${Noun} is what you asked for.`;
    if (chip === 'your own data') return `${Noun} comes from your own data (contacts, calendar, addresses).`;
    return `${Noun} was written by the assistant’s plan, not copied from any email.`;
  }
  if (choice) {
    if (origin.named.length && origin.listed)
      return `${Noun} was chosen by reading ${listedItems(origin.listed.tool, origin.listed.n)}: ${namedPhrase(origin.named)}.`;
    if (origin.listed) return `${Noun} was chosen by reading ${listedItems(origin.listed.tool, origin.listed.n)}.`;
    return `${Noun} was decided by ${namedPhrase(origin.named)}.`;
  }
  if (!origin.named.length && origin.listed)
    return `${Noun} depends on ${listingPhrase(origin.listed.tool, origin.listed.n)}.`;
  return `${Noun} was taken from ${originPhrase(origin)}.`;
}

// ---------------------------------------------------------------------------------------------
// Who receives it, in one phrase.

interface People {
  readonly userDomains: ReadonlySet<string>;
  readonly contacts: ReadonlySet<string>;
  readonly nameOf: (a: string) => string | undefined;
}

const inside = (p: People, a: string): boolean => p.userDomains.has(domainOf(a));
/** A name only from the person's own contacts: a name an email claims could be anyone's. */
const personName = (p: People, a: string): string => p.nameOf(a) ?? a;

/** "Bob Lee", "Bob Lee and nina@globex.test, outside your company", "Bob Lee and 3 people outside your company". */
export function peoplePhrase(recipients: readonly string[], p: People): string {
  if (recipients.length === 0) return '';
  const outside = recipients.filter((r) => !inside(p, r));
  if (recipients.length <= 3) {
    const names = and(recipients.map((r) => personName(p, r)));
    if (outside.length === 0) return names;
    if (outside.length === recipients.length)
      return `${names} (${recipients.length === 1 ? '' : 'all '}outside your company)`;
    return `${names} (${outside.length} outside your company)`;
  }
  const ins = recipients.filter((r) => inside(p, r));
  const named = ins.slice(0, 2);
  const restIn = ins.length - named.length;
  const groups = [
    ...named.map((r) => personName(p, r)),
    ...(restIn ? [`${restIn} ${restIn === 1 ? 'other person' : 'other people'} in your company`] : []),
    ...(outside.length ? [`${outside.length} ${outside.length === 1 ? 'person' : 'people'} outside your company`] : []),
  ];
  return and(groups);
}

function whatOf(e: Effect, people: string, dir: Directory, args: Readonly<Record<string, Json>>, t: TimeStyle) {
  const item = typeof args.id === 'string' ? dir.email(args.id) : undefined;
  const theEmail = item ? `${quote(item.subject)} from ${bare(item.from)}` : 'an email';
  if (e.kind === 'mail') {
    if (e.tool === 'replyToEmail') return `Reply to ${people || 'the sender'}`;
    if (e.tool === 'forwardEmail') return `Forward ${theEmail} to ${people}`;
    return `Send an email to ${people || 'nobody'}`;
  }
  if (e.kind === 'event') {
    // A series is changed or answered as a whole, from its first occurrence on.
    const span = e.start && e.end ? formatSpan(e.start, e.end, t) : '';
    const when = span ? ` ${e.repeats ? 'starting' : 'on'} ${span}` : '';
    const title = `${e.repeats ? 'the series ' : ''}${quote(e.title || 'an event')}`;
    if (e.op === 'respond') {
      const verb = e.response === 'declined' ? 'Decline' : e.response === 'tentative' ? 'Tentatively accept' : 'Accept';
      return `${verb} the invitation ${e.repeats ? 'to ' : ''}${title}${people ? ` and tell ${people}` : ''}`;
    }
    if (e.op === 'update') return `Change ${title}${when}${people ? ` and notify ${people}` : ''}`;
    if (e.op === 'delete') return `Delete ${title}${people ? ` and notify ${people}` : ''}`;
    return people ? `Invite ${people} to ${title}${when}` : `Add ${title} to your calendar${when}`;
  }
  switch (e.tool) {
    case 'deleteEmail':
      return `Move ${theEmail} to the trash`;
    case 'archiveEmail':
      return `Archive ${theEmail}`;
    case 'moveEmail':
      return `Move ${theEmail} to ${e.folder ?? 'another folder'}`;
    case 'labelEmail':
      return `Label ${theEmail} as ${quote(e.label ?? '')}`;
    case 'markRead':
      return `Mark ${theEmail} as read`;
    default:
      return `Run ${e.tool}`;
  }
}

function previewOf(e: Effect, dir: Directory, t: TimeStyle): ClaimPreview {
  if (e.kind === 'mail')
    return {
      kind: 'mail',
      from: e.from,
      to: [...e.to],
      cc: [...e.cc],
      subject: e.subject,
      body: e.body,
      attachments: e.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.size })),
    };
  if (e.kind === 'event')
    return {
      kind: 'event',
      title: e.title,
      start: e.start,
      end: e.end,
      when: e.start && e.end ? formatSpan(e.start, e.end, t) : '',
      location: e.location,
      description: e.description,
      attendees: [...e.attendees],
      notified: [...e.notified],
      ...(e.response ? { response: e.response } : {}),
      ...(e.repeats ? { repeats: seriesWords(e.repeats, t) } : {}),
    };
  const m = dir.email(e.emailId);
  return {
    kind: 'organize',
    email: m ? `${quote(m.subject)} from ${bare(m.from)}` : 'an email no longer in your mailbox',
    ...(e.folder !== undefined ? { folder: e.folder } : {}),
    ...(e.label !== undefined ? { label: e.label } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Why it asks: untrusted fields grouped by origin, then the concerns, at most three sentences.

interface Group {
  /** `chosen`: the item a choice field names, in words. */
  readonly fields: { noun: string; value: string; recipient: boolean; choice: boolean; chosen?: string }[];
  readonly origins: Origin[];
}

function groupSentence(g: Group): string {
  const recipients = g.fields.filter((f) => f.recipient);
  const others = g.fields.filter((f) => !f.recipient);
  const named = [...new Set(g.origins.flatMap((o) => o.named))];
  const listed = g.origins.map((o) => o.listed).find((l) => l !== null) ?? null;
  const origin = originPhrase({ named, listed });
  const parts = [
    ...others.map((f) => f.noun),
    ...(recipients.length === 1
      ? [`the address ${recipients[0]!.value}`]
      : recipients.length
        ? [`the addresses ${and([...new Set(recipients.map((f) => f.value))])}`]
        : []),
  ];
  const choice = others.length === 1 && others[0]!.choice && recipients.length === 0 ? others[0]! : null;
  // A choice made by reading a list, in one line: the item chosen and how many were read (each
  // one read is named under "How it came about").
  if (choice?.chosen && listed)
    return `${capital(choice.noun)}, ${choice.chosen}, was chosen by reading ${listedItems(listed.tool, listed.n)}.`;
  if (choice)
    return named.length && listed
      ? `${capital(choice.noun)} was chosen by reading ${origin.replace(/^.*found by reading /, '')}: ${namedPhrase(named)}.`
      : `${capital(choice.noun)} was decided by ${origin}.`;
  const one = parts.length === 1 && recipients.length <= 1;
  if (!named.length && listed)
    return `${capital(and(parts))} ${one ? 'depends' : 'depend'} on ${listingPhrase(listed.tool, listed.n)}.`;
  return `${capital(and(parts))} ${one ? 'was' : 'were'} taken from ${origin}.`;
}

function whyOf(groups: Group[], extras: readonly string[]): string[] {
  // The field groups keep all but one place when there are extras (look-alikes, disclosure,
  // bulk…), the last groups merged into one sentence so that no untrusted field goes unnamed.
  const slots = extras.length ? Math.max(1, MAX_WHY - 1) : MAX_WHY;
  let gs = groups;
  if (gs.length > slots) {
    const tail = gs.slice(slots - 1);
    gs = [
      ...gs.slice(0, slots - 1),
      { fields: tail.flatMap((g) => g.fields), origins: tail.flatMap((g) => g.origins) },
    ];
  }
  return [...gs.map(groupSentence), ...extras].slice(0, MAX_WHY);
}

// ---------------------------------------------------------------------------------------------

// Payment details copied from someone else's mail: the classic invoice and CEO fraud.
const MONEY =
  /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b|(?:€|£|\$|\b(?:EUR|USD|GBP|CHF) ?)\d|\b(?:IBAN|wire)\b/;

/** The recipients a call's own arguments name (`to`, `cc`, `attendees`, `addAttendees`…), bare. */
function namedInArguments(tool: string, args: Readonly<Record<string, Json>>): Set<string> {
  const out = new Set<string>();
  for (const [k, v] of Object.entries(args)) {
    const list = Array.isArray(v) ? v : [v];
    list.forEach((x, i) => {
      if (typeof x === 'string' && fieldWords(tool, Array.isArray(v) ? `${k}[${i}]` : k).recipient) out.add(bare(x));
    });
  }
  return out;
}

export function explainClaim(
  claim: {
    readonly tool: string;
    readonly args: Readonly<Record<string, Json>>;
    readonly fields: readonly FieldLineage[];
    readonly reasons?: readonly string[];
  },
  dir: Directory,
  opts: ExplainOptions,
): ClaimExplanation {
  const userDomains = new Set(dir.userAddresses.map(domainOf));
  const contacts = new Set(dir.contacts.map(bare));
  const people: People = { userDomains, contacts, nameOf: (a) => dir.nameOf?.(a) };
  const effect = opts.effect;
  const recipients = effect ? recipientsOf(effect) : [];
  const what = effect
    ? `${whatOf(effect, peoplePhrase(recipients, people), dir, claim.args, opts)}.`
    : `Run ${claim.tool}, whose effect cannot be worked out (an item it names is gone).`;

  const counts = new Map<string, number>();
  for (const f of claim.fields) {
    const head = /^[A-Za-z]+/.exec(f.path)?.[0] ?? f.path;
    counts.set(head, (counts.get(head) ?? 0) + 1);
  }
  const wordsOf = (path: string) => fieldWords(claim.tool, path, counts.get(/^[A-Za-z]+/.exec(path)?.[0] ?? path) ?? 1);

  const groups = new Map<string, Group>();
  const fields = claim.fields.map((f): FieldExplanation => {
    const w = wordsOf(f.path);
    const picked = valueAt(claim.args, f.path);
    const chosen = w.choice && typeof picked === 'string' ? chosenItemName(picked, dir) : null;
    const p = provenance(f, dir, chosen);
    const value = short(picked);
    const noun = w.recipient ? `${w.noun.replace(/ \d+$/, '')} ${bare(value)}` : w.noun;
    if (p.origin) {
      const key = `${w.choice ? 'choice' : 'copy'}|${p.origin.named.join('|')}|${p.origin.listed?.n ?? 0}`;
      const g = groups.get(key) ?? { fields: [], origins: [] };
      g.fields.push({
        noun: w.noun,
        value: bare(value),
        recipient: w.recipient,
        choice: w.choice,
        ...(chosen ? { chosen } : {}),
      });
      g.origins.push(p.origin);
      groups.set(key, g);
    }
    return {
      path: f.path,
      label: w.label,
      value,
      provenance: p.chip,
      sentence: fieldSentence(noun, p.chip, f, p.origin, w.choice),
      untrusted: f.untrusted.length > 0,
    };
  });

  // Flags: what to look at first.
  const recipientChosen = fields.filter((f) => f.untrusted && wordsOf(f.path).recipient);
  const flags: string[] = recipientChosen.map(
    (f) => `The recipient ${bare(f.value)} was chosen by content you did not write.`,
  );
  const known = [...new Set([...dir.contacts.map(domainOf), ...userDomains])]
    .filter(Boolean)
    .map((ascii) => ({ ascii, why: 'a domain you deal with' }));
  const unsafe = recipientChosen.map((f) => ({ address: bare(f.value), why: 'an email chose it' }));
  const lookalikes: string[] = [];
  for (const r of recipients) {
    const d = canonicalDomain(domainOf(r));
    if (!d.ok) continue;
    const like = lookalikeOf(domainOf(r), d.ascii, known);
    if (!like) continue;
    lookalikes.push(`${r} looks like ${like.ascii} but is a different address.`);
    unsafe.push({ address: r, why: `it looks like ${like.ascii} but is a different address` });
  }
  const texts = claim.fields.filter((f) => f.untrusted.length).map((f) => String(valueAt(claim.args, f.path) ?? ''));
  const senders = [
    ...new Set(
      claim.fields
        .flatMap((f) => f.untrusted)
        .map(emailIdOf)
        .filter((x): x is string => x !== null)
        .map((id) => dir.email(id))
        .filter((x): x is EmailRef => x !== undefined)
        .map((e) => domainOf(e.from)),
    ),
  ];
  const links: string[] = [];
  for (const host of linkHosts(texts.join('\n')))
    if (senders.length && !senders.some((d) => host === d || host.endsWith(`.${d}`)))
      links.push(`A link to ${host} comes from mail sent by ${and(senders)}: the hosts differ.`);
  flags.push(...lookalikes, ...links);

  const noun = (path: string) => wordsOf(path).noun;
  // A recipient field newly read is an address shown to the others ("the address of the new
  // guest"); a choice, the item chosen ("which invitation you answer").
  const shownNoun = (path: string) => {
    const w = wordsOf(path);
    if (w.recipient) return `the address of ${w.noun}`;
    return w.choice ? w.noun.replace(/^which (\w+) to /, 'which $1 you ') : w.noun;
  };
  const concerns = concernsOf(claim.reasons ?? [], shownNoun, (a) => personName(people, a));
  const extras = [...lookalikes, ...links, ...concerns.map((c) => c.sentence)];
  const why = whyOf([...groups.values()], extras);
  // The gate's own reason, said as Review says it (fields, items and readers in words).
  if (why.length === 0 && claim.reasons?.length) why.push(reasonSentence(claim.reasons[0]!, dir, noun));

  // Risk: what can go wrong.
  const outsiders = recipients.filter((r) => !userDomains.has(domainOf(r)) && !contacts.has(r));
  const chosenItem = typeof claim.args.id === 'string' ? dir.email(claim.args.id) : undefined;
  if (chosenItem?.authenticated === false && recipients.includes(bare(chosenItem.from)))
    unsafe.push({ address: bare(chosenItem.from), why: 'the email it answers may not be from them' });
  // An answer goes to whoever the invitation names as its organiser: untrusted, if the
  // invitation was chosen by content you did not write.
  const invitation =
    claim.tool === 'respondToEvent' && typeof claim.args.id === 'string' ? dir.event(claim.args.id) : undefined;
  if (invitation && claim.fields.some((f) => f.path === 'id' && f.untrusted.length))
    unsafe.push({ address: bare(invitation.organizer), why: 'an invitation you did not choose named it' });
  // Who the call does not name itself: a reply's (and reply-all's) addresses copied from the
  // email answered, an update's guests and an answer's organiser from the event. Each is text
  // that email or invitation holds (a sender may Cc anyone), so no standing rule may trust it —
  // but for the verified author of the email answered, who wrote to you, and the people a
  // standing rule trusts already (you, your contacts).
  const named = namedInArguments(claim.tool, claim.args);
  const author = chosenItem?.authenticated === true ? bare(chosenItem.from) : null;
  const yours = new Set(dir.userAddresses.map(bare));
  for (const r of recipients)
    if (!named.has(r) && r !== author && !contacts.has(r) && !yours.has(r))
      unsafe.push({
        address: r,
        why: effect?.kind === 'event' ? 'the event named it' : 'the email it answers named it',
      });
  const untrustedText = claim.fields.some(
    (f) => f.untrusted.length && !wordsOf(f.path).recipient && !wordsOf(f.path).choice,
  );
  const moneyFromStrangers = claim.fields.some(
    (f) => f.untrusted.length && !wordsOf(f.path).choice && MONEY.test(String(valueAt(claim.args, f.path) ?? '')),
  );
  const high =
    recipientChosen.length > 0 ||
    lookalikes.length > 0 ||
    links.length > 0 ||
    moneyFromStrangers ||
    concerns.some((c) => c.kind === 'disclosure' && (c.readers ?? []).some((r) => !userDomains.has(domainOf(r)))) ||
    (concerns.some((c) => c.kind === 'bulk') && outsiders.length > 0) ||
    claim.tool === 'deleteEmail' ||
    (outsiders.length > 0 && (untrustedText || chosenItem?.authenticated === false));
  const medium = outsiders.length > 0 || untrustedText || concerns.length > 0;
  const risk: Risk = high ? 'high' : medium ? 'medium' : 'low';

  return {
    what,
    why,
    recipients,
    preview: effect ? previewOf(effect, dir, opts) : { kind: 'organize', email: '' },
    fields,
    flags: [...new Set(flags)],
    unsafeRecipients: unsafe.filter((u, i) => unsafe.findIndex((v) => v.address === u.address) === i),
    risk,
  };
}
