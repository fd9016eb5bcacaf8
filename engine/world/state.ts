/**
 * The mutable state of one simulated account during one run. Created from a parsed world (a deep
 * copy: the world object given is never changed); tools read and change it; `snapshot()` gives
 * the after-run world (a valid world file again) and `effects()` only what the run did.
 *
 * Deterministic: ids come from counters (`sent-1`, `draft-1`, `ev-new-1`), times from the
 * world's `now`. Nothing reads the clock or a random source.
 */
import { BOTTOM, joinLabels, type Label } from '../ifc/label';
import { bareAddress } from './addresses';
import { memoryEmailSource, type EmailChange, type EmailSource } from './email-source';
import {
  formatWorldIssues,
  parseWorld,
  type Allowlists,
  type BusyBlock,
  type CalendarEvent,
  type Contact,
  type Draft,
  type Email,
  type EventResponse,
  type MailChange,
  type SentEmail,
  type World,
  type WorldUser,
} from './schema';

/** What a run did, for reports: the `world` object of the CLI report. */
export interface WorldEffects {
  sent: SentEmail[];
  drafts: Draft[];
  /** Events the run created or responded to, as they are now. */
  events: CalendarEvent[];
  /** Emails the run moved to the trash. */
  trash: Email[];
  responses: EventResponse[];
  /** Archive / move / label / mark-read / delete, in order. */
  changes: MailChange[];
  transcript: string[];
}

/** A stored label as the engine keeps labels (sorted, without duplicates). */
const sorted = (xs: readonly string[]): string[] => [...new Set(xs)].sort();
const storedLabel = (w: NonNullable<CalendarEvent['written']>): Label => ({
  sources: sorted(w.sources),
  untrusted: sorted(w.untrusted.filter((s) => w.sources.includes(s))),
  readers: w.readers === 'public' ? 'public' : sorted(w.readers),
  caps: sorted(w.caps),
});

type Counter = 'sent' | 'draft' | 'event';
const PREFIX: Record<Counter, string> = { sent: 'sent-', draft: 'draft-', event: 'ev-new-' };

const maxSuffix = (ids: readonly string[], prefix: string): number =>
  ids.reduce((m, id) => {
    const n = id.startsWith(prefix) ? Number(id.slice(prefix.length)) : Number.NaN;
    return Number.isInteger(n) && n > m ? n : m;
  }, 0);

export class WorldState {
  readonly user: WorldUser;
  readonly now: string;
  readonly contacts: Contact[];
  /** Every email, the trash included (folder `Trash`): the world's, or a profile's store. */
  readonly mail: EmailSource;
  readonly events: CalendarEvent[];
  readonly allowlists: Allowlists;
  readonly freeBusy: BusyBlock[];
  readonly sent: SentEmail[];
  readonly drafts: Draft[];
  readonly responses: EventResponse[];
  readonly changes: MailChange[];
  readonly transcript: string[];

  private readonly counters: Record<Counter, number>;
  private readonly sentBefore: number;
  private readonly draftsBefore: number;
  private readonly responsesBefore: number;
  private readonly changesBefore: number;
  private readonly transcriptBefore: number;
  /** The folder each email the run changed had before its first change. */
  private readonly foldersBefore = new Map<string, string>();
  private readonly touchedEvents = new Set<string>();

  /**
   * `mail`: where the emails are when they are not in the world (a profile's store; the world's
   * `emails` and `trash` are then empty).
   */
  constructor(world: World, mail?: EmailSource) {
    const w = structuredClone(world);
    this.user = w.user;
    this.now = w.now;
    this.contacts = w.contacts;
    this.mail = mail ?? memoryEmailSource([...w.emails, ...w.trash.map((e) => ({ ...e, folder: 'Trash' }))]);
    // What earlier runs wrote into an event keeps its label (schema.ts `written`); the tools
    // see it only as that label, never as a field.
    this.events = w.events.map(({ written, ...e }) => {
      if (written) this.noteWritten(`event:${e.id}`, storedLabel(written));
      return e;
    });
    this.allowlists = w.allowlists;
    this.freeBusy = w.freeBusy;
    this.sent = w.sent;
    this.drafts = w.drafts;
    this.responses = w.responses;
    this.changes = w.changes;
    this.transcript = w.transcript;
    const after = w.numberedAfter ?? {};
    this.counters = {
      sent: Math.max(
        after.sent ?? 0,
        maxSuffix(
          w.sent.map((s) => s.id),
          PREFIX.sent,
        ),
      ),
      draft: Math.max(
        after.draft ?? 0,
        maxSuffix(
          w.drafts.map((d) => d.id),
          PREFIX.draft,
        ),
      ),
      event: Math.max(
        after.event ?? 0,
        maxSuffix(
          w.events.map((e) => e.id),
          PREFIX.event,
        ),
      ),
    };
    this.sentBefore = w.sent.length;
    this.draftsBefore = w.drafts.length;
    this.responsesBefore = w.responses.length;
    this.changesBefore = w.changes.length;
    this.transcriptBefore = w.transcript.length;
  }

  /**
   * Parses a world file and builds its state; throws with `file:line:col: message` lines. Its
   * warnings (unknown keys, ignored) go to `warn` as `file:line:col: warning: message` lines.
   */
  static fromText(text: string, fileName: string, warn?: (lines: string) => void): WorldState {
    const r = parseWorld(text, fileName);
    if (!r.ok) throw new Error(formatWorldIssues(fileName, r.errors));
    if (warn && r.warnings.length)
      warn(
        formatWorldIssues(
          fileName,
          r.warnings.map((w) => ({ ...w, message: `warning: ${w.message}` })),
        ),
      );
    return new WorldState(r.world);
  }

  /** The user's addresses, lower-cased and bare. */
  get userAddresses(): string[] {
    return [...new Set(this.user.addresses.map(bareAddress))];
  }

  isUser(address: string): boolean {
    return this.userAddresses.includes(bareAddress(address));
  }

  findEmail(id: string): Email | undefined {
    return this.mail.get(id);
  }

  /** Who sent an email and whether that was authenticated (quick: for every item a label names). */
  senderOf(id: string): Pick<Email, 'from' | 'authenticated'> | undefined {
    return this.mail.sender(id);
  }

  /** Every email, the trash included, in world order: the whole mailbox (a profile's is read whole). */
  get emails(): Email[] {
    return [...this.mail.all()];
  }

  /** Changes an email (an effect: archive, move, delete, mark read, label); later reads see it. */
  changeEmail(e: Email, change: EmailChange): void {
    if (!this.foldersBefore.has(e.id)) this.foldersBefore.set(e.id, e.folder);
    this.mail.change(e.id, change);
  }

  findEvent(id: string): CalendarEvent | undefined {
    return this.events.find((e) => e.id === id);
  }

  nextId(kind: Counter): string {
    this.counters[kind] += 1;
    return `${PREFIX[kind]}${this.counters[kind]}`;
  }

  touchEvent(id: string): void {
    this.touchedEvents.add(id);
  }

  /**
   * Labels of the arguments of the effect calls that created or changed an item (`event:<id>`,
   * `email:<id>`): what a later listing shows of the item depends on them (world/labels.ts).
   */
  private readonly written = new Map<string, Label>();
  /** The join of every `email:` entry of `written`, kept as they are noted. */
  private writtenEmails: Label = BOTTOM;
  noteWritten(key: string, label: Label): void {
    this.written.set(key, joinLabels(this.written.get(key) ?? BOTTOM, label));
    if (key.startsWith('email:')) this.writtenEmails = joinLabels(this.writtenEmails, label);
  }
  writtenLabel(key: string): Label {
    return this.written.get(key) ?? BOTTOM;
  }
  /**
   * What effect calls wrote on every email they wrote on, joined (a listing depends on all of
   * them): kept up to date as they are noted, not gathered on every page.
   */
  writtenOnEmails(): Label {
    return this.writtenEmails;
  }
  /**
   * Notes what created a new event. Its id numbers the events created before it, so which item
   * `ev-new-2` is depends on what created those too (a branch that made one more shifts it).
   */
  private createdEvents: Label = BOTTOM;
  private readonly created = new Set<string>();
  noteCreatedEvent(id: string, label: Label): void {
    this.createdEvents = joinLabels(this.createdEvents, label);
    this.created.add(id);
    this.noteWritten(`event:${id}`, this.createdEvents);
  }
  /** Whether an effect call of this run made the event: then what wrote it is all it holds. */
  createdHere(id: string): boolean {
    return this.created.has(id);
  }

  /** An event as stored: with the label of what wrote into it, when anything labeled did. */
  private withWritten(e: CalendarEvent): CalendarEvent {
    const l = this.writtenLabel(`event:${e.id}`);
    const bare = !l.sources.length && !l.caps.length && l.readers === 'public';
    return bare
      ? e
      : {
          ...e,
          written: {
            sources: [...l.sources],
            untrusted: [...l.untrusted],
            readers: l.readers === 'public' ? 'public' : [...l.readers],
            caps: [...l.caps],
          },
        };
  }

  /** The after-run world: a valid world file (trash separated from the other mail); reads every email. */
  snapshot(): World {
    const emails = this.emails;
    return structuredClone({
      user: this.user,
      now: this.now,
      contacts: this.contacts,
      emails: emails.filter((e) => e.folder !== 'Trash'),
      events: this.events.map((e) => this.withWritten(e)),
      allowlists: this.allowlists,
      freeBusy: this.freeBusy,
      sent: this.sent,
      drafts: this.drafts,
      trash: emails.filter((e) => e.folder === 'Trash'),
      responses: this.responses,
      changes: this.changes,
      transcript: this.transcript,
    });
  }

  /** The emails this run moved to the trash, in world order (only changed emails are read). */
  private movedToTrash(): Email[] {
    const moved: Email[] = [];
    for (const [id, before] of this.foldersBefore) {
      const e = this.mail.get(id);
      if (e?.folder === 'Trash' && before !== 'Trash') moved.push(e);
    }
    return moved.sort((a, b) => this.mail.worldOrder(a, b));
  }

  /** Only what this run did (what was already in the world file is left out). */
  effects(): WorldEffects {
    return structuredClone({
      sent: this.sent.slice(this.sentBefore),
      drafts: this.drafts.slice(this.draftsBefore),
      events: this.events.filter((e) => this.touchedEvents.has(e.id)).map((e) => this.withWritten(e)),
      trash: this.movedToTrash(),
      responses: this.responses.slice(this.responsesBefore),
      changes: this.changes.slice(this.changesBefore),
      transcript: this.transcript.slice(this.transcriptBefore),
    });
  }
}
