/**
 * World files (contracts.md "World files"): the mailbox and calendar a plan runs against when no
 * real account is used. JSON or YAML text in, a validated `World` out, or errors with the line and
 * column of the offending node. A world saved after a run (`WorldState.snapshot()`) parses again.
 *
 * Unknown keys are not errors (worlds written for other versions must still load) but are
 * reported as `warnings`, with their positions, so that typos do not go unnoticed.
 */
import { isMap, isScalar, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import * as z from 'zod';
import { bareAddress, looksLikeAddress } from './addresses';
import { isIso, isoOf } from './time';

export { isoOf } from './time';

export interface WorldIssue {
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

export type ParseWorldResult =
  | { readonly ok: true; readonly world: World; readonly warnings: readonly WorldIssue[] }
  | { readonly ok: false; readonly errors: readonly WorldIssue[] };

/** An ISO 8601 date or date-time; normalised to UTC (`2026-03-16T09:00:00Z`). */
const isoDate = z
  .string({ error: 'expected an ISO 8601 date-time string like "2026-03-16T09:00:00Z"' })
  .refine(isIso, {
    message: 'expected an ISO 8601 date-time like "2026-03-16T09:00:00Z"',
  })
  .transform((s) => isoOf(Date.parse(s)));

/** Ids may be written as numbers in YAML (`id: 1`); they are strings inside. */
const idField = z
  .union([z.string().min(1, 'an id must not be empty'), z.number()], { error: 'expected an id (string)' })
  .transform((v) => String(v));

/** Free text: YAML may read `subject: 2026` as a number; null/absent is the empty string. */
const textField = z
  .union([z.string(), z.number(), z.boolean(), z.null()], { error: 'expected text' })
  .optional()
  .transform((v) => (v === null || v === undefined ? '' : String(v)));

/** One address, `Name <addr>` or bare. */
const addressField = z.string({ error: 'expected an email address' }).refine((s) => looksLikeAddress(bareAddress(s)), {
  message: 'expected an email address like "bob@acme.test" or "Bob Lee <bob@acme.test>"',
});

/** A list of addresses; a single string or null is accepted. */
const addressList = z
  .union([addressField, z.array(addressField), z.null()], { error: 'expected a list of email addresses' })
  .optional()
  .transform((v): string[] => (v === null || v === undefined ? [] : typeof v === 'string' ? [v] : v));

/** `true` or `false` (YAML's `yes` is a string in YAML 1.2). */
const flag = z.boolean({ error: 'expected true or false' });

const stringList = z
  .union([z.array(z.string()), z.null()], { error: 'expected a list of strings' })
  .optional()
  .transform((v): string[] => v ?? []);

const UserSchema = z.object({
  name: textField,
  email: addressField,
  addresses: addressList,
});

const ContactSchema = z.object({
  name: textField,
  email: addressField,
});

const EmailSchema = z.object({
  id: idField,
  folder: z.string().min(1).optional().default('INBOX'),
  from: addressField,
  // Where replies go when it is not the From (triage reads it: engine/fraud/reply-to.ts).
  replyTo: addressField.optional(),
  to: addressList,
  cc: addressList,
  subject: textField,
  date: isoDate,
  body: textField,
  unread: flag.optional().default(false),
  threadId: idField.optional(),
  labels: stringList,
  // The receiving server's verdict on the From address (SPF/DKIM/DMARC). `false`: a forged or
  // unverifiable sender. Absent: it passed — a world file states who sent each mail; a profile's
  // store sets it from the Authentication-Results it kept (main/profile/world-io.ts).
  authenticated: flag.optional(),
  // The header fields that say a machine or a list sent it (engine/world/answerable.ts): triage
  // never files such mail as needing a reply. Absent: the message has none.
  autoSubmitted: z.string().optional(),
  precedence: z.string().optional(),
  listUnsubscribe: z.string().optional(),
});

/**
 * The label of what effect calls wrote into an item (createEvent, updateEvent, respondToEvent),
 * kept with it across runs: an event a run filled from untrusted text comes back untrusted in
 * the next run too (world/README.md, "Labels"). Written by `WorldState.snapshot()`.
 */
const WrittenSchema = z.object({
  sources: z.array(z.string()),
  untrusted: z.array(z.string()),
  readers: z.union([z.literal('public'), z.array(z.string())]),
  caps: z.array(z.string()),
});

const EventSchema = z.object({
  id: idField,
  title: textField,
  start: isoDate,
  end: isoDate,
  location: textField,
  description: textField,
  organizer: addressField,
  attendees: addressList,
  // Whether the invitation's organiser was authenticated when it arrived (as for an email's
  // From). `false`: a forged or unverifiable organiser. Absent: authenticated (a world file states
  // who organised each event); a profile's calendar has no such verdict (main/profile/world-io.ts).
  authenticated: flag.optional(),
  written: WrittenSchema.optional(),
  // Attendee text its calendar server holds that is not one address (a real account's sync
  // leaves it out of `attendees` and marks the event, main/calendar/ical.ts): no write may keep
  // or drop it, so `updateEvent` refuses the event.
  unreadableAttendees: stringList.optional(),
  // A series (engine/tools/series.ts): its RRULE as the server holds it, and whether it has
  // exceptions. The event is its first occurrence.
  repeats: z.object({ rule: z.string(), exceptions: flag }).optional(),
});

const BusySchema = z.object({ start: isoDate, end: isoDate, title: textField });

const AllowlistsSchema = z.object({ recipients: stringList, urls: stringList });

const SentSchema = z.object({
  id: idField,
  kind: z.enum(['send', 'reply', 'forward']).optional().default('send'),
  from: z.string().optional().default(''),
  to: addressList,
  cc: addressList,
  subject: textField,
  body: textField,
  inReplyTo: z.string().nullable().optional().default(null),
  threadId: z.string().nullable().optional().default(null),
  date: isoDate,
});

const DraftSchema = z.object({
  id: idField,
  to: addressList,
  cc: addressList,
  subject: textField,
  body: textField,
  inReplyTo: z.string().nullable().optional().default(null),
  date: isoDate,
});

const ResponseSchema = z.object({
  eventId: idField,
  response: z.enum(['accepted', 'declined', 'tentative']),
  organizer: z.string(),
  date: isoDate,
});

const ChangeSchema = z.object({
  emailId: idField,
  action: z.enum(['archive', 'move', 'label', 'markRead', 'delete']),
  from: z.string().optional(),
  to: z.string().optional(),
  label: z.string().optional(),
});

// Not a union of array and null: zod reports a union's failure at the union, so a bad field of
// one item would read `emails: expected a list` instead of naming the field.
const list = <T extends z.ZodType>(item: T) =>
  z
    .array(item, { error: 'expected a list' })
    .nullable()
    .optional()
    .transform((v) => v ?? []);

const WorldFileSchema = z.object({
  user: UserSchema,
  now: isoDate,
  contacts: list(ContactSchema),
  emails: list(EmailSchema),
  events: list(EventSchema),
  allowlists: AllowlistsSchema.nullable()
    .optional()
    .transform((v) => v ?? { recipients: [], urls: [] }),
  /** Extra busy blocks that are not events (private appointments, out of office). */
  freeBusy: list(BusySchema),
  // After-run fields: what a run did (present in saved worlds).
  sent: list(SentSchema),
  drafts: list(DraftSchema),
  trash: list(EmailSchema),
  responses: list(ResponseSchema),
  changes: list(ChangeSchema),
  /** Lines added by `log(...)` during a run. */
  transcript: stringList,
  /** Ids other worlds of the same store have numbered (see World.numberedAfter). */
  numberedAfter: z
    .strictObject({
      sent: z.number().int().min(0).optional(),
      draft: z.number().int().min(0).optional(),
      event: z.number().int().min(0).optional(),
    })
    .optional(),
});

export type Contact = z.output<typeof ContactSchema>;
export type Email = Omit<z.output<typeof EmailSchema>, 'threadId'> & { threadId: string };
export type CalendarEvent = z.output<typeof EventSchema>;
export type BusyBlock = z.output<typeof BusySchema>;
export type SentEmail = z.output<typeof SentSchema>;
export type Draft = z.output<typeof DraftSchema>;
export type EventResponse = z.output<typeof ResponseSchema>;
export type MailChange = z.output<typeof ChangeSchema>;
export type Allowlists = { recipients: string[]; urls: string[] };
export interface WorldUser {
  name: string;
  email: string;
  /** Every address of the user, the primary `email` first. */
  addresses: string[];
}

/** A validated world. `emails` excludes the trash; trashed mail is in `trash` (folder `Trash`). */
export interface World {
  user: WorldUser;
  now: string;
  contacts: Contact[];
  emails: Email[];
  events: CalendarEvent[];
  allowlists: Allowlists;
  freeBusy: BusyBlock[];
  sent: SentEmail[];
  drafts: Draft[];
  trash: Email[];
  responses: EventResponse[];
  changes: MailChange[];
  transcript: string[];
  /**
   * The highest number other worlds kept in the same store have given (`draft-N`, `sent-N`,
   * `ev-new-N`): a profile keeps one world per account in one set of tables, so each world's new
   * ids start after every account's, not only its own.
   */
  numberedAfter?: Partial<Record<'sent' | 'draft' | 'event', number>>;
}

/** Keys each kind of object may have; anything else is a warning. */
const KNOWN: Record<string, readonly string[]> = {
  root: Object.keys(WorldFileSchema.shape),
  user: Object.keys(UserSchema.shape),
  contacts: Object.keys(ContactSchema.shape),
  emails: Object.keys(EmailSchema.shape),
  trash: Object.keys(EmailSchema.shape),
  events: Object.keys(EventSchema.shape),
  allowlists: Object.keys(AllowlistsSchema.shape),
  freeBusy: Object.keys(BusySchema.shape),
  sent: Object.keys(SentSchema.shape),
  drafts: Object.keys(DraftSchema.shape),
  responses: Object.keys(ResponseSchema.shape),
  changes: Object.keys(ChangeSchema.shape),
};

type Path = readonly (string | number)[];

const pathText = (path: Path): string =>
  path.reduce<string>((s, p) => (typeof p === 'number' ? `${s}[${p}]` : s ? `${s}.${p}` : p), '');

class Positions {
  constructor(
    private readonly doc: Document,
    private readonly lc: LineCounter,
  ) {}

  /** The position of the node at `path`, or of its closest existing ancestor. */
  at(path: Path, key = false): { line: number; column: number } {
    const p = [...path];
    for (;;) {
      const node = p.length === 0 ? this.doc.contents : (this.doc.getIn(p, true) as Node | undefined);
      if (key && p.length > 0) {
        const parent = p.length === 1 ? this.doc.contents : (this.doc.getIn(p.slice(0, -1), true) as Node | undefined);
        if (isMap(parent)) {
          const pair = parent.items.find((it) => isScalar(it.key) && String(it.key.value) === String(p[p.length - 1]));
          if (pair && isScalar(pair.key) && pair.key.range) return this.pos(pair.key.range[0]);
        }
      }
      if (node && typeof node === 'object' && 'range' in node && node.range) return this.pos(node.range[0]);
      if (p.length === 0) return { line: 1, column: 1 };
      p.pop();
      key = false;
    }
  }

  private pos(offset: number): { line: number; column: number } {
    const lp = this.lc.linePos(offset);
    return { line: lp.line, column: lp.col };
  }
}

const issueText = (path: Path, message: string): string => (path.length ? `${pathText(path)}: ${message}` : message);

/** Parses a world file (JSON or YAML; JSON is read as YAML 1.2, of which it is a subset). */
export function parseWorld(text: string, fileName: string): ParseWorldResult {
  const lc = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lc, prettyErrors: false, uniqueKeys: true });
  // A `.json` file must be JSON: YAML would also accept trailing commas, comments, bare words.
  if (/\.json$/i.test(fileName)) {
    const jsonError = strictJsonError(text);
    if (jsonError) return { ok: false, errors: [jsonError] };
  }
  if (doc.errors.length > 0) {
    return {
      ok: false,
      errors: doc.errors.map((e) => {
        const lp = lc.linePos(e.pos[0]);
        return {
          line: lp.line,
          column: lp.col,
          message: (e.message.split('\n')[0] ?? e.message).replace(/ at line \d+, column \d+:?$/, ''),
        };
      }),
    };
  }
  const positions = new Positions(doc, lc);
  const raw: unknown = doc.toJS({ maxAliasCount: 100 });
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return {
      ok: false,
      errors: [{ line: 1, column: 1, message: 'a world file must be a mapping with at least `user` and `now`' }],
    };
  }
  const parsed = WorldFileSchema.safeParse(raw);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((iss) => {
      const path = iss.path.filter((p): p is string | number => typeof p !== 'symbol');
      return { ...positions.at(path), message: issueText(path, iss.message) };
    });
    return { ok: false, errors: sortIssues(errors) };
  }
  const f = parsed.data;
  const errors: WorldIssue[] = [];
  const err = (path: Path, message: string): void => {
    errors.push({ ...positions.at(path), message: issueText(path, message) });
  };

  const seenEmail = new Map<string, number>();
  const allEmails: { e: (typeof f.emails)[number]; path: Path; trash: boolean }[] = [
    ...f.emails.map((e, i) => ({ e, path: ['emails', i] as Path, trash: false })),
    ...f.trash.map((e, i) => ({ e, path: ['trash', i] as Path, trash: true })),
  ];
  for (const { e, path } of allEmails) {
    if (seenEmail.has(e.id)) err([...path, 'id'], `duplicate email id "${e.id}"`);
    seenEmail.set(e.id, 1);
  }
  const seenEvent = new Set<string>();
  f.events.forEach((ev, i) => {
    if (seenEvent.has(ev.id)) err(['events', i, 'id'], `duplicate event id "${ev.id}"`);
    seenEvent.add(ev.id);
    if (Date.parse(ev.end) < Date.parse(ev.start)) err(['events', i, 'end'], 'the event ends before it starts');
  });
  f.freeBusy.forEach((b, i) => {
    if (Date.parse(b.end) < Date.parse(b.start)) err(['freeBusy', i, 'end'], 'the block ends before it starts');
  });
  if (errors.length > 0) return { ok: false, errors: sortIssues(errors) };

  const addresses = [f.user.email, ...f.user.addresses.filter((a) => bareAddress(a) !== bareAddress(f.user.email))];
  const world: World = {
    user: { name: f.user.name, email: f.user.email, addresses },
    now: f.now,
    contacts: f.contacts,
    emails: allEmails
      .filter((x) => !x.trash && x.e.folder !== 'Trash')
      .map((x) => ({ ...x.e, threadId: x.e.threadId ?? x.e.id })),
    events: f.events,
    allowlists: f.allowlists,
    freeBusy: f.freeBusy,
    sent: f.sent,
    drafts: f.drafts,
    trash: allEmails
      .filter((x) => x.trash || x.e.folder === 'Trash')
      .map((x) => ({ ...x.e, folder: 'Trash', threadId: x.e.threadId ?? x.e.id })),
    responses: f.responses,
    changes: f.changes,
    transcript: f.transcript,
    ...(f.numberedAfter ? { numberedAfter: f.numberedAfter } : {}),
  };
  return { ok: true, world, warnings: sortIssues(unknownKeys(raw, positions)) };
}

function strictJsonError(text: string): WorldIssue | null {
  try {
    JSON.parse(text);
    return null;
  } catch (e) {
    const message = (e as Error).message;
    const at = /position (\d+)/.exec(message);
    const offset = at ? Number(at[1]) : 0;
    const before = text.slice(0, offset).split('\n');
    return {
      line: before.length,
      column: (before[before.length - 1] ?? '').length + 1,
      message: `invalid JSON: ${message.replace(/ in JSON at position \d+.*$/, '')}`,
    };
  }
}

function unknownKeys(raw: object, positions: Positions): WorldIssue[] {
  const out: WorldIssue[] = [];
  const check = (v: unknown, kind: string, path: Path): void => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return;
    const known = KNOWN[kind] ?? [];
    for (const k of Object.keys(v)) {
      if (!known.includes(k)) {
        out.push({
          ...positions.at([...path, k], true),
          message: issueText([...path, k], `unknown key "${k}" (ignored)`),
        });
      }
    }
  };
  check(raw, 'root', []);
  const r = raw as Record<string, unknown>;
  for (const kind of Object.keys(KNOWN)) {
    if (kind === 'root') continue;
    const v = r[kind];
    if (Array.isArray(v)) v.forEach((item, i) => check(item, kind, [kind, i]));
    else check(v, kind, [kind]);
  }
  return out;
}

const sortIssues = (xs: WorldIssue[]): WorldIssue[] =>
  [...xs].sort((a, b) => a.line - b.line || a.column - b.column || a.message.localeCompare(b.message));

/** `file:line:col: message` lines, as the CLI prints them. */
export const formatWorldIssues = (fileName: string, issues: readonly WorldIssue[]): string =>
  issues.map((i) => `${fileName}:${i.line}:${i.column}: ${i.message}`).join('\n');
