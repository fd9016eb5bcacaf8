/**
 * The simulated account's tools (contracts.md "Tools every installation has"), except the
 * sanitizers (`verifyEmailAddress`, `verifyUrl`: engine/sanitizers). Each tool declares its kind,
 * how positional plan arguments map to named ones, a zod schema of the named arguments, and
 * labels every part of its output (the rules are in `labels.ts`).
 *
 * Argument mapping (ToolSpec.params / objectArg), used by every tool here:
 * - `params` names the positional arguments, in order;
 * - `objectArg: true` means one more argument, after the positional ones, is an object whose
 *   keys are the remaining named arguments (`replyToEmail(id, {body, replyAll})` →
 *   `{id, body, replyAll}`; `listEmails({folder})` → `{folder}`); it may be omitted;
 * - a name starting with `...` collects the rest of the arguments into an array
 *   (`log(a, b)` → `{values: [a, b]}`).
 */
import * as z from 'zod';
import { BOTTOM, joinLabels, sourceLabel, type Label } from '../ifc/label';
import { labelDeep, type Json, type LabeledValue } from '../ifc/labeled-value';
import { ToolError, type ToolContext, type ToolSpec } from '../tools/types';
import { effectOf, type MailEffect } from '../tools/effect';
import { notYourEventRefusal, unreadableAttendeeRefusal } from '../tools/event-parts';
import { worldLookups } from './effect-lookups';
import { bareAddress, looksLikeAddress, recipientRefusal } from './addresses';
import { ruleExtractor } from './extractor';
import { JsonSchemaSchema } from './extractor/json-schema';
import { NotEnoughInformation, type Extractor } from './extractor/types';
import {
  argsLabel,
  attestedMembership,
  CAPS,
  emailLabels,
  eventLabels,
  labeledEmail,
  labeledEvent,
  labeledList,
  mailboxMembership,
  membershipOf,
  searchedSender,
  SYSTEM_PUBLIC,
  userPrivate,
} from './labels';
import { inListing, newestFirst, type EmailHeaders } from './email-source';
import { LIST_BODY_CHARS, listedItem, notInListing, pageAfter } from './listing';
import type { CalendarEvent, Email } from './schema';
import type { WorldState } from './state';
import { DAY_MS, isIso, isoOf, msOf, startOfDay } from './time';

export interface WorldToolsOptions {
  /** The quarantined extractor behind extract/summarize/classify (default: rule based). */
  readonly extractor?: Extractor;
  /** Default and maximum `limit` of listEmails / searchEmails (default 50 and 500). */
  readonly defaultLimit?: number;
  readonly maxLimit?: number;
}

/** Builds a ToolSpec whose argument type is inferred from its schema. */
function defineTool<A extends Record<string, unknown>>(spec: ToolSpec<A>): ToolSpec {
  return spec as unknown as ToolSpec;
}

const ok = (fields: Record<string, Json>): LabeledValue => labelDeep({ ok: true, ...fields }, BOTTOM);

const isoArg = z.string().refine(isIso, { message: 'expected an ISO 8601 date-time like "2026-03-16T09:00:00Z"' });
const idArg = z.string().min(1, 'expected an id');
/**
 * Said of a recipient `recipientRefusal` refuses although it looks like an address; it names no
 * address, since the address may be an email's (the percent hack: red-team round 22).
 */
const ROUTED_RECIPIENT =
  'a recipient with % ! ? \\ : ( ) [ ] or a control is refused: mail servers read those as routing (a % or ! passes the message on to another server) or comments';
const addressArg = z
  .string()
  .refine((s) => looksLikeAddress(bareAddress(s)), { message: 'expected an email address', abort: true })
  .refine((s) => recipientRefusal(s) === null, { message: ROUTED_RECIPIENT });
const recipientsArg = z
  .union([addressArg, z.array(addressArg)])
  .transform((v): string[] => (typeof v === 'string' ? [v] : v));

/** The folder names every mailbox has, by their canonical spelling. */
const FOLDERS = ['INBOX', 'Archive', 'Sent', 'Drafts', 'Trash', 'Spam'];
const canonicalFolder = (f: string): string =>
  FOLDERS.find((x) => x.toLowerCase() === f.trim().toLowerCase()) ?? f.trim();
const ALL_FOLDERS = new Set(['all', '*', 'any']);
/**
 * The names servers give the trash (Dovecot, Gmail in English and British English, Exchange,
 * iCloud), compared on the last part of a folder path (`[Gmail]/Bin`, `INBOX.Trash`).
 */
const TRASH_NAMES = new Set(['trash', 'bin', 'deleted', 'deleted items', 'deleted messages']);
const isTrashName = (f: string): boolean => TRASH_NAMES.has(f.trim().toLowerCase().split(/[/.]/).pop()!.trim());

/** What an error message about an argument derives from: that argument's label. */
const labelOf = (labeled: Readonly<Record<string, LabeledValue>>, key: string): Label => argsLabel(labeled, [key]);

function notFound(what: string, id: string, label: Label): ToolError {
  return new ToolError('NotFound', `no ${what} with id ${JSON.stringify(id)}`, label);
}

const wroteEmail = (state: WorldState, e: EmailHeaders): Label => state.writtenLabel(`email:${e.id}`);
const wroteEvent = (state: WorldState, e: CalendarEvent): Label => state.writtenLabel(`event:${e.id}`);

/**
 * An item as a host reads it to resolve a call's recipients (a reply's email, an RSVP's or an
 * update's event): labeled as getEmail / listEvents would give it, what effect calls wrote on it
 * included. A gate decision made from those recipients depends on it (Decision.read).
 */
export const readEmailLabel = (state: WorldState, e: Email): Label =>
  emailLabels('getEmail', e, state.userAddresses, wroteEmail(state, e)).base;
export const readEventLabel = (state: WorldState, e: CalendarEvent): Label =>
  eventLabels(e, state.userAddresses, wroteEvent(state, e)).base;

/** What the planner reads about listings' cut bodies and paging (listing.ts). */
const LISTING_DOC = `A listed body keeps its first ${LIST_BODY_CHARS} characters (bodyCut: true when cut; getEmail(id) gives it whole). To page through every email, call again with before: the id of the last item of the previous page, until a page comes back empty.`;

export function worldTools(state: WorldState, opts: WorldToolsOptions = {}): ToolSpec[] {
  const extractor = opts.extractor ?? ruleExtractor;
  const defaultLimit = opts.defaultLimit ?? 50;
  const maxLimit = opts.maxLimit ?? 500;
  const user = (): string[] => state.userAddresses;

  const list = (items: LabeledValue[], outer: Label, memberships: readonly Label[]): LabeledValue =>
    labeledList(items, outer, user(), memberships);
  /**
   * A calendar query (listEvents, getFreeBusy) chooses among every event, so its answer depends
   * on each one — the `part` of its label the query reads, given what effect calls wrote on it —
   * not only on those it returns: an event an effect call put on another day would be in the
   * window had that call said so.
   */
  const calendarCandidates = (
    part: (e: CalendarEvent, written: Label) => Label,
    among: (e: CalendarEvent) => boolean = () => true,
  ): Label[] => state.events.filter(among).map((e) => part(e, wroteEvent(state, e)));
  /** An effect's change exists because of its arguments and of the context it was made under. */
  const writtenBy = (labeled: Readonly<Record<string, LabeledValue>>, ctx: ToolContext): Label =>
    joinLabels(argsLabel(labeled), ctx.context ?? BOTTOM);
  /**
   * A call naming an item depends on the item's state (whether it exists, who it goes to, its
   * times): what wrote it. Other calls depend on their arguments alone (ToolSpec.dependsOn).
   */
  const emailState = (id: string): Label => state.writtenLabel(`email:${id}`);
  const eventState = (id: string): Label => state.writtenLabel(`event:${id}`);
  const argumentsOnly = (): null => null;
  /** A `from` that is a whole address filters on the sender address (lower-cased); else null. */
  const senderFilter = (from: string | undefined): string | null => {
    const f = from?.trim().toLowerCase();
    return f !== undefined && looksLikeAddress(f) ? f : null;
  };
  /**
   * What a search's answer reveals of its arguments: all of them, except that a whole sender
   * address says only that it was that address (`searchedSender`).
   */
  const searchArgumentsRead = (from: string | undefined, labeled: Readonly<Record<string, LabeledValue>>): Label => {
    const address = senderFilter(from);
    if (address === null) return argsLabel(labeled);
    const others = Object.keys(labeled).filter((k) => k !== 'from');
    return joinLabels(argsLabel(labeled, others), searchedSender(argsLabel(labeled, ['from']), address));
  };
  /**
   * Listed emails (newest first, at most the limit), each item's body cut. The structure depends
   * on every candidate's membership (`memberships`, by default every email in the mailbox).
   */
  const emailList = (
    tool: string,
    page: readonly Email[],
    asked: Label,
    memberships: readonly Label[] = mailMembership(tool),
  ): LabeledValue =>
    list(
      page.map((e) => listedItem(labeledEmail(tool, e, user(), BOTTOM, wroteEmail(state, e)))),
      asked,
      memberships,
    );
  /**
   * The membership of every email of the mailbox in a listing by `tool`, what effect calls wrote
   * on them included. The emails' own part is the same all run long (their ids, senders and
   * recipients do not change; a move or a mark changes none), so it is made once per tool from
   * the source's summary (`membershipInputs`); what the run writes is joined as it stands.
   */
  const mailboxes = new Map<string, Label | null>();
  const mailMembership = (tool: string): Label[] => {
    if (!mailboxes.has(tool)) mailboxes.set(tool, mailboxMembership(tool, state.mail.membershipInputs(), user()));
    const mailbox = mailboxes.get(tool);
    return mailbox ? [mailbox, membershipOf(state.writtenOnEmails())] : [];
  };
  const memberships = (tool: string, emails: readonly EmailHeaders[]): Label[] =>
    emails.map((e) => membershipOf(emailLabels(tool, e, user(), wroteEmail(state, e)).base));

  const emailOr404 = (id: string, labeled: Readonly<Record<string, LabeledValue>>): Email => {
    const e = state.findEmail(id);
    if (!e) throw notFound('email', id, labelOf(labeled, 'id'));
    return e;
  };

  /** A tool that acts on one email named by `id` and answers `{ok, id}` (organize, delete). */
  const onEmail = <A extends { id: string }>(
    spec: Omit<ToolSpec<A>, 'run'>,
    act: (e: Email, args: A) => void,
  ): ToolSpec =>
    defineTool<A>({
      ...spec,
      dependsOn: (args) => emailState(args.id),
      run: (args, labeled, ctx) => {
        const e = emailOr404(args.id, labeled);
        act(e, args);
        state.noteWritten(`email:${e.id}`, writtenBy(labeled, ctx));
        return ok({ id: e.id });
      },
    });

  const checkRecipients = (xs: readonly string[], field: string): void => {
    for (const x of xs) {
      if (!looksLikeAddress(bareAddress(x))) throw new ToolError('InvalidArguments', `${field}: not an email address`);
      if (recipientRefusal(x)) throw new ToolError('InvalidArguments', `${field}: ${ROUTED_RECIPIENT}`);
    }
  };

  /** Runs an extractor call; its "cannot tell" becomes NotEnoughInformation labeled with the input. */
  const quarantined = async <T>(inputLabel: Label, f: () => T | Promise<T>): Promise<T> => {
    try {
      return await f();
    } catch (e) {
      if (e instanceof NotEnoughInformation) throw new ToolError('NotEnoughInformation', e.message, inputLabel);
      if (e instanceof ToolError) throw e;
      throw new ToolError('ToolFailed', `the extractor failed: ${(e as Error).message}`, inputLabel);
    }
  };

  const timeWindow = (from: string | undefined, to: string | undefined): { from: number; to: number } => {
    const f = from !== undefined ? msOf(from) : startOfDay(msOf(state.now));
    const t = to !== undefined ? msOf(to) : f + 7 * DAY_MS;
    if (t < f) throw new ToolError('InvalidArguments', '`to` is before `from`');
    return { from: f, to: t };
  };
  const overlaps = (e: { start: string; end: string }, w: { from: number; to: number }): boolean =>
    msOf(e.start) < w.to && msOf(e.end) > w.from;

  /**
   * `listEvents`' organizer filter. A whole address compares the organiser's address; for an
   * invitation whose organiser the server authenticated that is attested metadata, and no effect
   * call can change it (createEvent organises as the user, updateEvent keeps the organiser), so
   * an authenticated event organised by anyone else is no candidate, whatever it says or
   * whenever it is. An unauthenticated one stays a candidate, listed or not: its organiser is
   * text its sender chose. Any other filter is a substring of the organiser text and narrows
   * nothing.
   */
  const organizerFilter = (
    organizer: string | undefined,
  ): { matches: (e: CalendarEvent) => boolean; candidate: (e: CalendarEvent) => boolean } => {
    const want = organizer?.trim().toLowerCase();
    if (!want) return { matches: () => true, candidate: () => true };
    if (!looksLikeAddress(want)) {
      const matches = (e: CalendarEvent): boolean => e.organizer.toLowerCase().includes(want);
      return { matches, candidate: () => true };
    }
    const matches = (e: CalendarEvent): boolean => bareAddress(e.organizer) === want;
    return { matches, candidate: (e) => e.authenticated === false || matches(e) };
  };

  /** Records a message in `sent` exactly as its effect (engine/tools) describes it; returns its id. */
  const sendEffect = (
    kind: 'send' | 'reply' | 'forward',
    tool: string,
    args: object,
    inReplyTo: string | null,
    threadId: string | null,
  ): string => {
    const e = effectOf(tool, args as Readonly<Record<string, Json>>, worldLookups(state)) as MailEffect;
    const id = state.nextId('sent');
    state.sent.push({
      id,
      kind,
      from: e.from,
      to: [...e.to],
      cc: [...e.cc],
      subject: e.subject,
      body: e.body,
      inReplyTo,
      threadId,
      date: state.now,
    });
    return id;
  };

  const changeFolder = (e: Email, to: string, action: 'archive' | 'move' | 'delete'): void => {
    state.changes.push({ emailId: e.id, action, from: e.folder, to });
    state.changeEmail(e, { folder: to });
  };

  return [
    defineTool({
      name: 'now',
      dependsOn: argumentsOnly,
      kind: 'source',
      params: [],
      schema: z.strictObject({}),
      doc: 'now() → the current time as an ISO string (trusted)',
      run: () => labelDeep(state.now, SYSTEM_PUBLIC),
    }),

    defineTool({
      name: 'me',
      dependsOn: argumentsOnly,
      kind: 'source',
      params: [],
      schema: z.strictObject({}),
      doc: 'me() → {name, email, addresses} of the user (trusted)',
      run: () =>
        labelDeep(
          { name: state.user.name, email: state.user.email, addresses: [...state.user.addresses] },
          SYSTEM_PUBLIC,
        ),
    }),

    defineTool({
      name: 'listEmails',
      dependsOn: argumentsOnly,
      kind: 'source',
      params: [],
      objectArg: true,
      schema: z.strictObject({
        folder: z.string().min(1).optional(),
        unreadOnly: z.boolean().optional(),
        limit: z.number().int().min(1).max(maxLimit).optional(),
        before: idArg.optional(),
      }),
      doc: `listEmails({folder?, unreadOnly?, limit?, before?}) → emails newest first (folder "INBOX" by default, "all" for every folder but Trash; limit ${defaultLimit}, at most ${maxLimit}); items {id, folder, from, to, cc, subject, date, body, bodyCut, unread, threadId, labels}. ${LISTING_DOC}`,
      run: (args, labeled) => {
        const folder = args.folder === undefined ? 'INBOX' : args.folder;
        const query = {
          folder: ALL_FOLDERS.has(folder.toLowerCase()) ? null : canonicalFolder(folder).toLowerCase(),
          unreadOnly: args.unreadOnly === true,
        };
        const after = args.before === undefined ? undefined : state.findEmail(args.before);
        if (args.before !== undefined && !(after && inListing(query, after)))
          throw notInListing(args.before, labelOf(labeled, 'before'));
        const page = state.mail.page(query, after, args.limit ?? defaultLimit);
        return emailList('listEmails', page, argsLabel(labeled));
      },
    }),

    defineTool({
      name: 'getEmail',
      dependsOn: (args) => emailState(args.id),
      kind: 'source',
      params: ['id'],
      schema: z.strictObject({ id: idArg }),
      doc: 'getEmail(id) → one email {id, folder, from, to, cc, subject, date, body, unread, threadId, labels}',
      run: (args, labeled) => {
        const e = emailOr404(args.id, labeled);
        return labeledEmail('getEmail', e, user(), argsLabel(labeled), wroteEmail(state, e));
      },
    }),

    defineTool({
      name: 'searchEmails',
      dependsOn: argumentsOnly,
      kind: 'source',
      params: [],
      objectArg: true,
      schema: z.strictObject({
        query: z.string().optional(),
        from: z.string().optional(),
        since: isoArg.optional(),
        until: isoArg.optional(),
        folder: z.string().min(1).optional(),
        unreadOnly: z.boolean().optional(),
        limit: z.number().int().min(1).max(maxLimit).optional(),
        before: idArg.optional(),
      }),
      doc: `searchEmails({query?, from?, since?, until?, folder?, unreadOnly?, limit?, before?}) → matching emails newest first (every word of query in subject, body or addresses; from: a whole address matches the sender address exactly, anything else is a substring of the From header; all folders but Trash); items as listEmails. ${LISTING_DOC}`,
      argumentsRead: (args, labeled) => searchArgumentsRead(args.from, labeled),
      run: (args, labeled) => {
        const terms = [...(args.query ?? '').matchAll(/"([^"]+)"|(\S+)/g)].map((m) =>
          (m[1] ?? m[2] ?? '').toLowerCase(),
        );
        const from = args.from?.trim().toLowerCase();
        // A whole address filters on the sender address; for mail whose sender the receiving
        // server authenticated that is attested metadata, not text the sender wrote.
        const byAddress = senderFilter(args.from);
        const asked = searchArgumentsRead(args.from, labeled);
        const fromMatches = (e: EmailHeaders): boolean =>
          !from || (byAddress !== null ? bareAddress(e.from) === byAddress : e.from.toLowerCase().includes(from));
        const since = args.since !== undefined ? msOf(args.since) : -Infinity;
        const until = args.until !== undefined ? msOf(args.until) : Infinity;
        const folder =
          args.folder !== undefined && !ALL_FOLDERS.has(args.folder.toLowerCase())
            ? canonicalFolder(args.folder).toLowerCase()
            : null;
        const query = { folder, unreadOnly: args.unreadOnly === true };
        const hits: Email[] = [];
        for (const e of state.mail.all()) {
          if (!inListing(query, e) || !fromMatches(e) || msOf(e.date) < since || msOf(e.date) >= until) continue;
          const hay = [e.subject, e.body, e.from, ...e.to, ...e.cc].join('\n').toLowerCase();
          if (terms.every((t) => hay.includes(t))) hits.push(e);
        }
        const rest = pageAfter(hits.sort(newestFirst), args.before, labelOf(labeled, 'before'));
        const max = args.limit ?? defaultLimit;
        const page = rest.slice(0, max);
        if (byAddress === null) return emailList('searchEmails', page, asked);
        // Authenticated mail from another address cannot be listed, whatever it says: it is no
        // candidate. Mail with a forged or unverified From stays one, listed or not, since its
        // From header is text its sender chose. When the address is the only filter, an
        // authenticated hit is listed because of who sent it, not what it says: attested.
        const authenticated = (e: EmailHeaders): boolean => e.authenticated !== false;
        const metadataOnly =
          terms.length === 0 &&
          args.since === undefined &&
          args.until === undefined &&
          args.folder === undefined &&
          args.unreadOnly === undefined;
        // The limit chose among the hits when it cut some: then none is attested.
        const attested = metadataOnly && rest.length <= max ? hits.filter(authenticated) : [];
        const attestedIds = new Set(attested.map((e) => e.id));
        const candidates = [...state.mail.headers()].filter(
          (e) => (!authenticated(e) || fromMatches(e)) && !attestedIds.has(e.id),
        );
        return emailList('searchEmails', page, asked, [
          ...memberships('searchEmails', candidates),
          ...attested.map((e) => attestedMembership('searchEmails', e, user(), wroteEmail(state, e))),
        ]);
      },
    }),

    defineTool({
      name: 'searchContacts',
      dependsOn: argumentsOnly,
      kind: 'source',
      params: ['query'],
      schema: z.strictObject({ query: z.string().optional() }),
      doc: "searchContacts(query) → [{name, email}] from the user's contacts whose name or address contains query (trusted; readers = the user)",
      run: (args, labeled) => {
        const q = (args.query ?? '').trim().toLowerCase();
        const label = userPrivate(user());
        const hits = state.contacts
          .filter((c) => !q || c.name.toLowerCase().includes(q) || c.email.toLowerCase().includes(q))
          .sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
        return {
          kind: 'array',
          label: joinLabels(label, argsLabel(labeled)),
          items: hits.map((c) => labelDeep({ name: c.name, email: c.email }, label)),
        };
      },
    }),

    defineTool({
      name: 'listEvents',
      dependsOn: argumentsOnly,
      kind: 'source',
      params: [],
      objectArg: true,
      schema: z.strictObject({ from: isoArg.optional(), to: isoArg.optional(), organizer: z.string().optional() }),
      doc: 'listEvents({from?, to?, organizer?}) → events overlapping [from, to) by start time (default: today and the 6 days after), earliest first; organizer: a whole address keeps only the events that address organised (anything else is a substring of the organizer); items {id, title, start, end, location, description, organizer, attendees}; trusted only when the user organised the event',
      run: (args, labeled) => {
        const w = timeWindow(args.from, args.to);
        const by = organizerFilter(args.organizer);
        const hits = state.events
          .filter((e) => overlaps(e, w))
          .filter(by.matches)
          .sort((a, b) => msOf(a.start) - msOf(b.start) || a.id.localeCompare(b.id));
        return list(
          hits.map((e) => labeledEvent(e, user(), BOTTOM, wroteEvent(state, e))),
          argsLabel(labeled),
          calendarCandidates((e, written) => eventLabels(e, user(), written).base, by.candidate).map(membershipOf),
        );
      },
    }),

    defineTool({
      name: 'getFreeBusy',
      dependsOn: argumentsOnly,
      kind: 'source',
      params: [],
      objectArg: true,
      schema: z.strictObject({ from: isoArg.optional(), to: isoArg.optional() }),
      doc: "getFreeBusy({from?, to?}) → the user's busy intervals [{start, end}], merged and sorted (trusted; readers = the user)",
      run: (args, labeled) => {
        const w = timeWindow(args.from, args.to);
        // Busy time is busy whoever set it, so an event's own label stays out; what effect calls
        // wrote (created, moved, declined) shapes the blocks, and decides which events are inside.
        const written = joinLabels(BOTTOM, ...calendarCandidates((_, wrote) => wrote));
        const declined = new Set(state.responses.filter((r) => r.response === 'declined').map((r) => r.eventId));
        const blocks = [...state.events.filter((e: CalendarEvent) => !declined.has(e.id)), ...state.freeBusy]
          .filter((b) => overlaps(b, w))
          .map((b) => ({ start: msOf(b.start), end: msOf(b.end) }))
          .sort((a, b) => a.start - b.start || a.end - b.end);
        const merged: { start: number; end: number }[] = [];
        for (const b of blocks) {
          const last = merged[merged.length - 1];
          if (last && b.start <= last.end) last.end = Math.max(last.end, b.end);
          else merged.push({ ...b });
        }
        const label = joinLabels(
          sourceLabel(`tool:getFreeBusy:${isoOf(w.from)}`, {
            trusted: true,
            readers: user(),
            caps: [CAPS.PRIVATE_CALENDAR],
          }),
          written,
        );
        return {
          kind: 'array',
          label: joinLabels(label, argsLabel(labeled)),
          items: merged.map((b) => labelDeep({ start: isoOf(b.start), end: isoOf(b.end) }, label)),
        };
      },
    }),

    defineTool({
      name: 'extract',
      dependsOn: argumentsOnly,
      kind: 'extract',
      params: ['text', 'schema'],
      schema: z.strictObject({ text: z.string(), schema: JsonSchemaSchema }),
      doc: 'extract(text, schema) → a value of the JSON-Schema-like schema ({type, properties, required, items, enum, format: email|date-time|date|uri, description}) filled from text; labeled like text; throws NotEnoughInformation when missing or ambiguous',
      run: async (args, labeled) => {
        const input = argsLabel(labeled, ['text', 'schema']);
        const value = await quarantined(input, () => extractor.extract(args.text, args.schema, { now: state.now }));
        return labelDeep(value, input);
      },
    }),

    defineTool({
      name: 'summarize',
      dependsOn: argumentsOnly,
      kind: 'extract',
      params: ['text'],
      objectArg: true,
      schema: z.strictObject({ text: z.string(), maxWords: z.number().int().min(1).max(1000).optional() }),
      doc: 'summarize(text, {maxWords?}) → a short summary of text (default 30 words); labeled like text',
      run: async (args, labeled) => {
        const input = argsLabel(labeled, ['text', 'maxWords']);
        const s = await quarantined(input, () =>
          extractor.summarize(args.text, args.maxWords !== undefined ? { maxWords: args.maxWords } : {}),
        );
        return labelDeep(s, input);
      },
    }),

    defineTool({
      name: 'classify',
      dependsOn: argumentsOnly,
      kind: 'extract',
      params: ['text', 'labels'],
      schema: z.strictObject({ text: z.string(), labels: z.array(z.string().min(1)).min(1) }),
      doc: 'classify(text, labels) → the one of labels that fits text best; labeled like text and labels; throws NotEnoughInformation on a tie or when none fits (a label "other" catches the rest)',
      run: async (args, labeled) => {
        const input = argsLabel(labeled, ['text', 'labels']);
        const c = await quarantined(input, () => extractor.classify(args.text, args.labels));
        if (!args.labels.includes(c))
          throw new ToolError('ToolFailed', 'the extractor answered a label that was not offered', input);
        return labelDeep(c, input);
      },
    }),

    defineTool({
      name: 'createDraft',
      dependsOn: (args) => (args.inReplyTo === undefined ? null : emailState(args.inReplyTo)),
      kind: 'local',
      params: [],
      objectArg: true,
      schema: z.strictObject({
        to: recipientsArg,
        cc: recipientsArg.optional(),
        subject: z.string(),
        body: z.string(),
        inReplyTo: idArg.optional(),
      }),
      doc: 'createDraft({to, cc?, subject, body, inReplyTo?}) → {ok, id, draftId}: a local draft (nothing is sent)',
      run: (args, labeled) => {
        if (args.inReplyTo !== undefined && !state.findEmail(args.inReplyTo)) {
          throw notFound('email', args.inReplyTo, labelOf(labeled, 'inReplyTo'));
        }
        const id = state.nextId('draft');
        state.drafts.push({
          id,
          to: [...args.to],
          cc: [...(args.cc ?? [])],
          subject: args.subject,
          body: args.body,
          inReplyTo: args.inReplyTo ?? null,
          date: state.now,
        });
        return ok({ id, draftId: id });
      },
    }),

    defineTool({
      name: 'sendEmail',
      dependsOn: (args) => (args.inReplyTo === undefined ? null : emailState(args.inReplyTo)),
      kind: 'egress',
      params: [],
      objectArg: true,
      schema: z.strictObject({
        to: recipientsArg,
        cc: recipientsArg.optional(),
        subject: z.string(),
        body: z.string(),
        inReplyTo: idArg.optional(),
      }),
      doc: 'sendEmail({to, cc?, subject, body, inReplyTo?}) → {ok, id}: sends an email',
      run: (args, labeled) => {
        if (args.to.length === 0) throw new ToolError('InvalidArguments', 'to: at least one recipient is needed');
        checkRecipients(args.to, 'to');
        checkRecipients(args.cc ?? [], 'cc');
        const parent = args.inReplyTo !== undefined ? state.findEmail(args.inReplyTo) : undefined;
        if (args.inReplyTo !== undefined && !parent)
          throw notFound('email', args.inReplyTo, labelOf(labeled, 'inReplyTo'));
        return ok({ id: sendEffect('send', 'sendEmail', args, args.inReplyTo ?? null, parent?.threadId ?? null) });
      },
    }),

    defineTool({
      name: 'replyToEmail',
      dependsOn: (args) => emailState(args.id),
      kind: 'egress',
      params: ['id'],
      objectArg: true,
      schema: z.strictObject({ id: idArg, body: z.string(), replyAll: z.boolean().optional() }),
      doc: "replyToEmail(id, {body, replyAll?}) → {ok, id}: replies to the email's sender (and, with replyAll, its other recipients but the user)",
      run: (args, labeled) => {
        const e = emailOr404(args.id, labeled);
        return ok({ id: sendEffect('reply', 'replyToEmail', args, e.id, e.threadId) });
      },
    }),

    defineTool({
      name: 'createEvent',
      dependsOn: argumentsOnly,
      kind: 'egress',
      params: [],
      objectArg: true,
      schema: z.strictObject({
        title: z.string().min(1),
        start: isoArg,
        end: isoArg,
        attendees: recipientsArg.optional(),
        location: z.string().optional(),
        description: z.string().optional(),
      }),
      doc: 'createEvent({title, start, end, attendees?, location?, description?}) → {ok, id}: a new event organised by the user; attendees get invitations',
      run: (args, labeled, ctx) => {
        if (msOf(args.end) <= msOf(args.start))
          throw new ToolError('InvalidArguments', 'end: the event must end after it starts');
        checkRecipients(args.attendees ?? [], 'attendees');
        const id = state.nextId('event');
        state.events.push({
          id,
          title: args.title,
          start: isoOf(msOf(args.start)),
          end: isoOf(msOf(args.end)),
          location: args.location ?? '',
          description: args.description ?? '',
          organizer: state.user.email,
          attendees: [...(args.attendees ?? [])],
        });
        state.touchEvent(id);
        state.noteCreatedEvent(id, writtenBy(labeled, ctx));
        return ok({ id });
      },
    }),

    defineTool({
      name: 'forwardEmail',
      dependsOn: (args) => emailState(args.id),
      kind: 'egress',
      params: ['id'],
      objectArg: true,
      schema: z.strictObject({
        id: idArg,
        to: recipientsArg,
        cc: recipientsArg.optional(),
        body: z.string().optional(),
      }),
      doc: 'forwardEmail(id, {to, cc?, body?}) → {ok, id}: forwards the email (with its attachments), `body` above the quoted original',
      run: (args, labeled) => {
        const e = emailOr404(args.id, labeled);
        if (args.to.length === 0) throw new ToolError('InvalidArguments', 'to: at least one recipient is needed');
        checkRecipients(args.to, 'to');
        checkRecipients(args.cc ?? [], 'cc');
        return ok({ id: sendEffect('forward', 'forwardEmail', args, null, e.threadId) });
      },
    }),

    defineTool({
      name: 'updateEvent',
      dependsOn: (args) => eventState(args.id),
      kind: 'egress',
      params: ['id'],
      objectArg: true,
      schema: z.strictObject({
        id: idArg,
        title: z.string().min(1).optional(),
        start: isoArg.optional(),
        end: isoArg.optional(),
        location: z.string().optional(),
        description: z.string().optional(),
        addAttendees: recipientsArg.optional(),
        removeAttendees: recipientsArg.optional(),
      }),
      doc: 'updateEvent(id, {title?, start?, end?, location?, description?, addAttendees?, removeAttendees?}) → {ok, id}: changes an event you organise; its attendees get the update',
      // Refused before any claim, so no card is approved in vain: an event someone else
      // organises (the change would reach its guests in the person's name), and one its server
      // holds with attendee text that is not one address, which can never be written
      // (main/calendar). The message quotes the event's text, labeled as listEvents would give it.
      refusal: (args) => {
        const ev = state.findEvent(args.id);
        if (!ev) return null;
        const [attendee] = ev.unreadableAttendees ?? [];
        const why = !state.isUser(ev.organizer)
          ? notYourEventRefusal(ev, ev.organizer)
          : attendee !== undefined
            ? unreadableAttendeeRefusal(ev, attendee)
            : null;
        return why === null
          ? null
          : new ToolError('InvalidArguments', why, eventLabels(ev, user(), wroteEvent(state, ev)).text);
      },
      run: (args, labeled, ctx) => {
        const ev = state.findEvent(args.id);
        if (!ev) throw notFound('event', args.id, labelOf(labeled, 'id'));
        const start = args.start !== undefined ? msOf(args.start) : msOf(ev.start);
        const end = args.end !== undefined ? msOf(args.end) : msOf(ev.end);
        // Whether it ends before it starts can depend on the event's own times: its label.
        if (end <= start)
          throw new ToolError(
            'InvalidArguments',
            'end: the event must end after it starts',
            joinLabels(labelOf(labeled, 'id'), readEventLabel(state, ev)),
          );
        checkRecipients(args.addAttendees ?? [], 'addAttendees');
        const removed = new Set((args.removeAttendees ?? []).map(bareAddress));
        const attendees = ev.attendees.filter((a) => !removed.has(bareAddress(a)));
        for (const a of args.addAttendees ?? [])
          if (!attendees.some((x) => bareAddress(x) === bareAddress(a))) attendees.push(a);
        Object.assign(ev, {
          title: args.title ?? ev.title,
          start: isoOf(start),
          end: isoOf(end),
          location: args.location ?? ev.location,
          description: args.description ?? ev.description,
          attendees,
        });
        state.touchEvent(ev.id);
        state.noteWritten(`event:${ev.id}`, writtenBy(labeled, ctx));
        return ok({ id: ev.id });
      },
    }),

    defineTool({
      name: 'respondToEvent',
      dependsOn: (args) => eventState(args.id),
      kind: 'egress',
      params: ['id', 'response'],
      schema: z.strictObject({ id: idArg, response: z.enum(['accepted', 'declined', 'tentative']) }),
      doc: 'respondToEvent(id, response) → {ok, id}: answers an invitation with "accepted", "declined" or "tentative" (sent to the organizer)',
      run: (args, labeled, ctx) => {
        const ev = state.findEvent(args.id);
        if (!ev) throw notFound('event', args.id, labelOf(labeled, 'id'));
        state.responses.push({ eventId: ev.id, response: args.response, organizer: ev.organizer, date: state.now });
        state.touchEvent(ev.id);
        state.noteWritten(`event:${ev.id}`, writtenBy(labeled, ctx));
        return ok({ id: ev.id });
      },
    }),

    onEmail(
      {
        name: 'archiveEmail',
        kind: 'organize',
        params: ['id'],
        schema: z.strictObject({ id: idArg }),
        doc: 'archiveEmail(id) → {ok, id}: moves the email to Archive',
      },
      (e) => changeFolder(e, 'Archive', 'archive'),
    ),

    onEmail(
      {
        name: 'markRead',
        kind: 'organize',
        params: ['id'],
        schema: z.strictObject({ id: idArg }),
        doc: 'markRead(id) → {ok, id}: marks the email as read',
      },
      (e) => {
        state.changes.push({ emailId: e.id, action: 'markRead' });
        state.changeEmail(e, { unread: false });
      },
    ),

    onEmail(
      {
        name: 'labelEmail',
        kind: 'organize',
        params: ['id', 'label'],
        schema: z.strictObject({ id: idArg, label: z.string().trim().min(1).max(100) }),
        doc: 'labelEmail(id, label) → {ok, id}: adds a label to the email',
      },
      (e, args) => {
        state.changes.push({ emailId: e.id, action: 'label', label: args.label });
        if (!e.labels.includes(args.label)) state.changeEmail(e, { labels: [...e.labels, args.label] });
      },
    ),

    onEmail(
      {
        name: 'moveEmail',
        kind: 'organize',
        params: ['id', 'folder'],
        schema: z.strictObject({ id: idArg, folder: z.string().trim().min(1).max(100) }),
        doc: 'moveEmail(id, folder) → {ok, id}: moves the email to a folder (use deleteEmail for the trash)',
      },
      (e, args) => {
        const folder = canonicalFolder(args.folder);
        // Moving to the trash is a deletion, whatever the server calls it: it must go through
        // deleteEmail and its policy. (A real account's server also refuses a plan's move into
        // its \Trash folder by special use: main/mail/imap-organize.ts.)
        if (isTrashName(folder))
          throw new ToolError('InvalidArguments', 'folder: use deleteEmail to move mail to the trash');
        changeFolder(e, folder, 'move');
      },
    ),

    onEmail(
      {
        name: 'deleteEmail',
        kind: 'destructive',
        params: ['id'],
        schema: z.strictObject({ id: idArg }),
        doc: 'deleteEmail(id) → {ok, id}: moves the email to the trash',
      },
      (e) => changeFolder(e, 'Trash', 'delete'),
    ),

    defineTool({
      name: 'log',
      dependsOn: argumentsOnly,
      kind: 'display',
      params: ['...values'],
      schema: z.strictObject({ values: z.array(z.unknown()) }),
      doc: 'log(...values) → adds a line to the run transcript shown to the user',
      run: (args) => {
        state.transcript.push(args.values.map(render).join(' '));
        return { kind: 'prim', value: null, label: BOTTOM };
      },
    }),
  ];
}

function render(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === undefined) return 'undefined';
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

/** The names of the tools `worldTools` returns, for composing registries. */
export const WORLD_TOOL_NAMES = [
  'forwardEmail',
  'updateEvent',
  'now',
  'me',
  'listEmails',
  'getEmail',
  'searchEmails',
  'searchContacts',
  'listEvents',
  'getFreeBusy',
  'extract',
  'summarize',
  'classify',
  'createDraft',
  'sendEmail',
  'replyToEmail',
  'createEvent',
  'respondToEvent',
  'archiveEmail',
  'markRead',
  'labelEmail',
  'moveEmail',
  'deleteEmail',
  'log',
] as const;
