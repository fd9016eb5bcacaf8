/**
 * What the gate works out about one call before it reads any rule: the argument leaves with
 * their labels, who receives the call's data and whether each recipient is trusted, which
 * arguments are "data", and the sentences that explain each finding (naming the field and the
 * source). Everything is computed lazily and at most once per call.
 */
import { BOTTOM, isListedSource, isTrusted, joinPair, LISTED_MARK, type Label, type Readers } from '../ifc/label';
import type { LabeledValue } from '../ifc/labeled-value';
import type { GateCall } from '../gate/types';
import { BUILTIN_RECIPIENTS, EVENT_SOURCES, type RecipientShape } from './tools';
import { itemOfSource, matchRecipient, parseAddress, sourceIsItem, splitAddresses } from './match';
import type { Policy } from './schema';
import { bulkFacts, fmtList, fmtSources, mergeSorted, untrustedPhrase, withVerified } from './label-facts';

export { fmtList, fmtSources } from './label-facts';

/** Tools whose effect tells its recipients which item it acts on (an RSVP names its event). */
const ITEM_IS_DATA: ReadonlySet<string> = new Set(['respondToEvent']);

export interface PolicyGateOptions {
  /**
   * The real recipients of a tool whose recipients are not among its arguments (`replyToEmail`:
   * the email's sender, plus its other participants with `replyAll`; `respondToEvent`: the
   * organizer). Hosts that know the mailbox should supply it. Return `undefined` when unknown.
   * Without it the gate uses the readers of the `id` argument's label (see README).
   */
  readonly recipientsOf?: (call: GateCall) => readonly string[] | undefined;
  /**
   * Who sent an item, as the host can attest it: the bare address of an email's sender when the
   * receiving server authenticated it (`tool` is the tool in the source, `item` its id).
   * `undefined` when unknown or unauthenticated. Without it no item has an attested author.
   */
  readonly authorOf?: (tool: string, item: string) => string | undefined;
}

export interface Leaf {
  readonly path: string;
  readonly value: LabeledValue;
  readonly label: Label;
}

export interface Recipient {
  /** Where it came from: `to[0]`, or `id` for the participants of an item. */
  readonly path: string;
  /** How reasons show it: "`to[0]` (zed@attacker.test)". */
  readonly shown: string;
  readonly address: string | null;
  readonly isUser: boolean;
  readonly allowlisted: string | null;
  readonly trusted: boolean;
  /** Why it is (or is not) trusted. */
  readonly why: string;
  /** The label of the address itself (for recipients given in arguments). */
  readonly label?: Label;
}

export interface Recipients {
  /** The tool has a notion of recipients at all. */
  readonly applies: boolean;
  readonly known: boolean;
  readonly list: readonly Recipient[];
  /** Why the recipients are unknown. */
  readonly unknownWhy?: string;
  /** The argument names that hold recipients (or the item argument). */
  readonly fields: readonly string[];
}

export const fmtReaders = (r: Readers): string => (r === 'public' ? 'everyone' : `{${fmtList(r, 6)}}`);

const isEmpty = (l: Label): boolean => l.sources.length === 0 && l.readers === 'public' && l.caps.length === 0;

/**
 * Leaves with their effective labels (structure labels above joined in; a leaf keeps its own
 * `verified`, as reading back from a container is identity). Empty containers count as leaves.
 * Joins are memoised per pair of label objects (label-facts.ts), so big arrays of identically
 * labeled items cost one join, not one per item, and equal joins are the same object.
 */
function leavesOf(v: LabeledValue, path: string): Leaf[] {
  const out: Leaf[] = [];
  walkLeaves(v, path, null, out);
  return out;
}

/** The join of a structure label above with a part's own (module functions, not closures: called per call). */
function joinBelow(above: Label, l: Label): Label {
  if (isEmpty(above)) return l;
  const joined = joinPair(above, l);
  return l.verified ? withVerified(joined, l.verified) : joined;
}

function walkLeaves(x: LabeledValue, p: string, above: Label | null, out: Leaf[]): void {
  const here = above === null ? x.label : joinBelow(above, x.label);
  if (x.kind === 'array' && x.items.length > 0) x.items.forEach((i, n) => walkLeaves(i, `${p}[${n}]`, here, out));
  else if (x.kind === 'object' && Object.keys(x.entries).length > 0)
    for (const [k, e] of Object.entries(x.entries))
      walkLeaves(e, /^[A-Za-z_$][\w$]*$/.test(k) ? `${p}.${k}` : `${p}[${JSON.stringify(k)}]`, here, out);
  else out.push({ path: p, value: x, label: here });
}

/** The distinct label objects of some leaves (joins and counts need each only once). */
const distinctLabels = (leaves: readonly Leaf[]): Label[] => [...new Set(leaves.map((l) => l.label))];

/** Keeps the first few sentences of a possibly huge list, and counts the rest. */
export class CappedList {
  private readonly items: string[] = [];
  private more = 0;
  constructor(private readonly max = 8) {}
  push(make: () => string): void {
    if (this.items.length < this.max) this.items.push(make());
    else this.more++;
  }
  get size(): number {
    return this.items.length + this.more;
  }
  done(what: string): string[] {
    return this.more ? [...this.items, `and ${this.more} more ${what}`] : this.items;
  }
}

/** What a call's analysis works out at most once (undefined: not yet). */
interface Memo {
  argNames?: readonly string[];
  shape?: RecipientShape | null;
  dataFields?: readonly string[];
  itemId?: string | null;
  recipients?: Recipients;
  selfScope?: { ok: boolean; why: string[] };
  authoredByRecipients?: { ok: boolean; why: string[] };
  organisedByTrusted?: { ok: boolean; why: string[] };
  bulk?: { untrusted: readonly string[]; pii: readonly string[] };
}

export class CallAnalysis {
  // Every key present from the start (one object shape for every call), filled on first use.
  private readonly memo: Memo = {
    argNames: undefined,
    shape: undefined,
    dataFields: undefined,
    itemId: undefined,
    recipients: undefined,
    selfScope: undefined,
    authoredByRecipients: undefined,
    organisedByTrusted: undefined,
    bulk: undefined,
  };
  private readonly leavesBy = new Map<string, readonly Leaf[]>();
  private readonly labelBy = new Map<string, Label>();
  readonly userSet: ReadonlySet<string>;
  readonly contactSet: ReadonlySet<string>;

  constructor(
    readonly call: GateCall,
    readonly policy: Policy,
    readonly opts: PolicyGateOptions = {},
  ) {
    this.userSet = new Set(call.userAddresses.map((a) => a.toLowerCase()));
    this.contactSet = new Set(call.contacts.map((a) => a.toLowerCase()));
  }

  private once<K extends keyof Memo>(key: K, f: () => Exclude<Memo[K], undefined>): Exclude<Memo[K], undefined> {
    const v = this.memo[key];
    if (v !== undefined) return v as Exclude<Memo[K], undefined>;
    return (this.memo[key] = f());
  }

  /** Argument names in the call's order. */
  get argNames(): readonly string[] {
    return this.once('argNames', () => Object.keys(this.call.args));
  }

  has(name: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.call.args, name);
  }

  leaves(name: string): readonly Leaf[] {
    let v = this.leavesBy.get(name);
    if (v === undefined) this.leavesBy.set(name, (v = this.has(name) ? leavesOf(this.call.args[name]!, name) : []));
    return v;
  }

  /** The join of every label in an argument. */
  fieldLabel(name: string): Label {
    let l = this.labelBy.get(name);
    // A fold, not `joinLabels(...all)`: an argument may have more leaves than a call may take.
    if (l === undefined)
      this.labelBy.set(
        name,
        (l = distinctLabels(this.leaves(name)).reduce<Label>((acc, x) => joinPair(acc, x), BOTTOM)),
      );
    return l;
  }

  get shape(): RecipientShape | null {
    return this.once('shape', () => {
      const own = this.policy.recipientArgs[this.call.tool];
      if (own) return { fields: own };
      return BUILTIN_RECIPIENTS[this.call.tool] ?? null;
    });
  }

  /** The arguments whose content is sent: every argument but the recipients (or the item id). */
  get dataFields(): readonly string[] {
    return this.once('dataFields', () => {
      const s = this.shape;
      // A list, not a Set: a tool has one or two recipient fields.
      // An answer to an invitation names the invitation it answers, so which one it is (the `id`)
      // is data its organiser receives: its readers count like any other argument's.
      const skip: readonly string[] =
        s === null ? [] : 'fields' in s ? s.fields : ITEM_IS_DATA.has(this.call.tool) ? [] : [s.item];
      return this.argNames.filter((n) => !skip.includes(n));
    });
  }

  /** The item acted on: the `id` argument, when it is a string or number. */
  get itemId(): string | null {
    return this.once('itemId', () => {
      if (!this.has('id')) return null;
      const v = this.call.args['id']!;
      return v.kind === 'prim' && (typeof v.value === 'string' || typeof v.value === 'number') ? String(v.value) : null;
    });
  }

  isUser(address: string): boolean {
    return this.userSet.has(address);
  }

  allowlistedBy(address: string): string | null {
    return this.policy.allowlists.recipients.find((p) => matchRecipient(p, address)) ?? null;
  }

  private trustByValue(address: string): string | null {
    if (this.isUser(address)) return 'is your own address';
    if (this.contactSet.has(address)) return 'is in your contacts';
    const p = this.allowlistedBy(address);
    if (p !== null) return `matches the allowlist entry "${p}"`;
    return null;
  }

  get recipients(): Recipients {
    return this.once('recipients', () => this.computeRecipients());
  }

  private computeRecipients(): Recipients {
    const shape = this.shape;
    if (shape === null) {
      // An egress tool the engine knows nothing about sends its data somewhere: unknown recipients.
      if (this.call.kind !== 'egress') return { applies: false, known: true, list: [], fields: [] };
      return {
        applies: true,
        known: false,
        list: [],
        fields: [],
        unknownWhy: `the recipients of ${this.call.tool} are unknown (a policy can name them with recipientArgs)`,
      };
    }
    if ('fields' in shape) {
      const list: Recipient[] = [];
      for (const f of shape.fields) {
        for (const leaf of this.leaves(f)) {
          const v = leaf.value;
          if (v.kind === 'prim' && (v.value === null || v.value === undefined)) continue;
          if (v.kind === 'array' || v.kind === 'object') continue; // an empty list: nobody
          if (v.kind !== 'prim' || typeof v.value !== 'string') {
            const what = v.kind === 'opaque' ? `a pending value (${v.what})` : JSON.stringify(v.value);
            list.push(this.recipient(leaf, `\`${leaf.path}\` (${what})`, null));
            continue;
          }
          for (const part of splitAddresses(v.value)) {
            list.push(
              this.recipient(leaf, `\`${leaf.path}\` (${part.address ?? JSON.stringify(part.raw)})`, part.address),
            );
          }
        }
      }
      return { applies: true, known: true, list, fields: shape.fields };
    }
    const item = shape.item;
    const fields = [item];
    const itemText = this.itemId !== null ? ` ${this.itemId}` : '';
    const resolved = this.opts.recipientsOf?.(this.call);
    if (resolved !== undefined) {
      const list = resolved.map((raw) => this.itemRecipient(item, itemText, raw, parseAddress(String(raw))));
      return { applies: true, known: true, list, fields };
    }
    if (!this.has(item))
      return {
        applies: true,
        known: false,
        list: [],
        fields,
        unknownWhy: `the call has no \`${item}\`, so its recipients are unknown`,
      };
    const readers = this.fieldLabel(item).readers;
    if (readers === 'public')
      return {
        applies: true,
        known: false,
        list: [],
        fields,
        unknownWhy: `the recipients of ${this.call.tool} are unknown: the label of \`${item}\`${itemText} names no readers`,
      };
    const others = readers.filter((r) => !this.isUser(r));
    if (others.length === 0)
      return {
        applies: true,
        known: false,
        list: [],
        fields,
        unknownWhy: `the recipients of ${this.call.tool} are unknown: the label of \`${item}\`${itemText} names only you as a reader`,
      };
    return {
      applies: true,
      known: true,
      list: others.map((r) => this.itemRecipient(item, itemText, r, parseAddress(r))),
      fields,
    };
  }

  private recipient(leaf: Leaf, shown: string, address: string | null): Recipient {
    const { path, label } = leaf;
    if (address === null)
      return {
        path,
        shown,
        address,
        label,
        isUser: false,
        allowlisted: null,
        trusted: false,
        why: `${shown} is not an email address`,
      };
    const byValue = this.trustByValue(address);
    const isUser = this.isUser(address);
    const allowlisted = this.allowlistedBy(address);
    // Built as one literal per outcome, not by spreading a base: this runs for every recipient of every call.
    const trusted = byValue !== null || label.verified === 'EmailAddress' || isTrusted(label);
    const why =
      byValue !== null
        ? `${shown} ${byValue}`
        : label.verified === 'EmailAddress'
          ? `${shown} was verified by a sanitizer`
          : isTrusted(label)
            ? `${shown} was written in the plan or the request (${fmtSources(label)})`
            : `${shown} came from ${untrustedPhrase(label)}`;
    return { path, shown, address, label, isUser, allowlisted, trusted, why };
  }

  private itemRecipient(item: string, itemText: string, raw: string, address: string | null): Recipient {
    const shown = `${address ?? JSON.stringify(raw)} (a participant of \`${item}\`${itemText})`;
    const base = { path: item, shown, address };
    if (address === null)
      return { ...base, isUser: false, allowlisted: null, trusted: false, why: `${shown} is not an email address` };
    const byValue = this.trustByValue(address);
    return {
      ...base,
      isUser: this.isUser(address),
      allowlisted: this.allowlistedBy(address),
      trusted: byValue !== null,
      why: byValue !== null ? `${shown} ${byValue}` : `${shown} is not one of your addresses, a contact or allowlisted`,
    };
  }

  /**
   * Why recipients cannot read these fields: one sentence per (recipient, field) that fails.
   * Your own addresses read everything; unknown recipients read only public data.
   */
  readerProblems(fields: readonly string[]): string[] {
    const r = this.recipients;
    const out: string[] = [];
    for (const f of fields) {
      if (!this.has(f)) continue;
      const l = this.fieldLabel(f);
      if (l.readers === 'public') continue;
      if (!r.known) {
        out.push(`${r.unknownWhy}; \`${f}\` (from ${fmtSources(l)}) is readable only by ${fmtReaders(l.readers)}`);
        continue;
      }
      for (const rec of r.list) {
        if (rec.isUser) continue;
        if (rec.address !== null && l.readers.includes(rec.address)) continue;
        out.push(`${rec.shown} cannot read \`${f}\` (from ${fmtSources(l)}): its readers are ${fmtReaders(l.readers)}`);
      }
    }
    return out;
  }

  /**
   * Recipients see each other (an invitation's attendee list, a mail's To and Cc): an address
   * that untrusted content chose is data disclosed to every other recipient, who must be one of
   * its readers. (Addresses you typed or took from your own trusted data are your choice.)
   */
  recipientDisclosures(): string[] {
    const r = this.recipients;
    const out: string[] = [];
    if (!r.known) return out;
    for (const shownTo of r.list) {
      const l = shownTo.label;
      if (!l || isTrusted(l) || l.readers === 'public') continue;
      for (const rec of r.list) {
        if (rec === shownTo || rec.isUser || rec.address === null || rec.address === shownTo.address) continue;
        if (l.readers.includes(rec.address)) continue;
        out.push(
          `${rec.shown} would see ${shownTo.shown}, chosen by ${untrustedPhrase(l)}: its readers are ${fmtReaders(l.readers)}`,
        );
      }
    }
    return out;
  }

  /** Why recipients cannot read the control context. */
  contextReaderProblems(): string[] {
    const l = this.call.context;
    if (l.readers === 'public') return [];
    const r = this.recipients;
    if (!r.known)
      return [
        `${r.unknownWhy}; the control context (from ${fmtSources(l)}) is readable only by ${fmtReaders(l.readers)}`,
      ];
    return r.list
      .filter((rec) => !rec.isUser && !(rec.address !== null && (l.readers as readonly string[]).includes(rec.address)))
      .map(
        (rec) =>
          `${rec.shown} cannot read why the call happens (control context from ${fmtSources(l)}): its readers are ${fmtReaders(l.readers)}`,
      );
  }

  contextUntrusted(): string | null {
    const l = this.call.context;
    return isTrusted(l)
      ? null
      : `the call happens because of untrusted data: ${fmtList(l.untrusted)} (control context)`;
  }

  /** Sentences naming the untrusted leaves among these fields (the first few, then a count). */
  untrustedLeaves(fields: readonly string[]): string[] {
    const out = new CappedList();
    for (const f of fields)
      for (const leaf of this.leaves(f))
        if (!isTrusted(leaf.label)) out.push(() => `\`${leaf.path}\` came from ${untrustedPhrase(leaf.label)}`);
    return out.done('untrusted values');
  }

  /** Self-scoping (semantics §4): every untrusted source in the arguments and context is the item acted on. */
  get selfScope(): { ok: boolean; why: string[] } {
    return this.once('selfScope', () => {
      const id = this.itemId;
      const bad: string[] = [];
      let untrusted = false;
      const check = (where: string, l: Label): void => {
        for (const s of l.untrusted) {
          untrusted = true;
          // The item's own listing membership (`#listed`) names it too; another item's does not:
          // which other emails a listing held (or a search matched) must not decide this change.
          if (id !== null && sourceIsItem(isListedSource(s) ? s.slice(0, -LISTED_MARK.length) : s, id)) continue;
          bad.push(
            id === null
              ? `${where} depends on untrusted ${s}, and the call names no item (\`id\`) it could be scoped to`
              : `${where} depends on ${s}, which is not the item acted on (${id})`,
          );
        }
      };
      for (const f of this.argNames) check(`\`${f}\``, this.fieldLabel(f));
      check('the control context', this.call.context);
      if (bad.length) return { ok: false, why: bad };
      return {
        ok: true,
        why: [untrusted ? `every untrusted source is the item acted on (${id})` : 'no untrusted data is involved'],
      };
    });
  }

  /**
   * Checks every untrusted source in the arguments and the context: `problem` says why one does
   * not pass (null when it does); `ok` is the sentence when all pass and some source was untrusted.
   */
  private everyUntrustedSource(
    problem: (where: string, source: string) => string | null,
    ok: string,
  ): { ok: boolean; why: string[] } {
    const bad: string[] = [];
    let untrusted = false;
    const check = (where: string, l: Label): void => {
      for (const s of l.untrusted) {
        untrusted = true;
        const p = problem(where, s);
        if (p !== null) bad.push(p);
      }
    };
    for (const f of this.argNames) check(`\`${f}\``, this.fieldLabel(f));
    check('the control context', this.call.context);
    if (bad.length) return { ok: false, why: bad };
    return { ok: true, why: [untrusted ? ok : 'no untrusted data is involved'] };
  }

  /**
   * Every untrusted source in the arguments and the context is an item (or its listing
   * membership) whose attested sender is one of the call's recipients: no one but the people
   * it goes to wrote anything that decided it (README, "Decided by its recipients").
   */
  get authoredByRecipients(): { ok: boolean; why: string[] } {
    return this.once('authoredByRecipients', () => {
      const R = this.recipients;
      if (!R.known || R.list.length === 0)
        return { ok: false, why: [R.unknownWhy ?? 'the call has no recipients to have written what decided it'] };
      const to = new Set(R.list.map((r) => r.address?.toLowerCase()));
      return this.everyUntrustedSource(
        (where, s) => {
          const it = itemOfSource(s);
          const author = it ? this.opts.authorOf?.(it.tool, it.item) : undefined;
          if (author !== undefined && to.has(author.toLowerCase())) return null;
          return author === undefined
            ? `${where} depends on ${s}, whose sender is not authenticated`
            : `${where} depends on ${s}, sent by ${author}, who is not a recipient`;
        },
        `every untrusted source was sent (authenticated) by a recipient: ${fmtList(R.list.map((r) => r.address ?? r.shown))}`,
      );
    });
  }

  /**
   * Every untrusted source in the arguments and the context is an event (or its listing
   * membership) whose organiser was authenticated and is trusted — you, a contact or
   * allowlisted (README, "Vouched for by who organised it"). Mail never passes: this is about
   * who set up an event, not about what anyone wrote.
   */
  get organisedByTrusted(): { ok: boolean; why: string[] } {
    return this.once('organisedByTrusted', () =>
      this.everyUntrustedSource((where, s) => {
        const it = itemOfSource(s);
        if (!it || !EVENT_SOURCES.has(it.tool)) return `${where} depends on ${s}, which is not an event`;
        const organiser = this.opts.authorOf?.(it.tool, it.item)?.toLowerCase();
        if (organiser === undefined) return `${where} depends on ${s}, whose organiser is not authenticated`;
        return this.trustByValue(organiser) !== null
          ? null
          : `${where} depends on ${s}, organised by ${organiser}, who is not you, a contact or allowlisted`;
      }, 'every untrusted source is an event organised (authenticated) by you, a contact or an allowlisted address'),
    );
  }

  /** Bulk-egress measures over the data arguments (see README): distinct untrusted sources and PII findings. */
  get bulk(): { untrusted: readonly string[]; pii: readonly string[] } {
    return this.once('bulk', () => {
      const labels = new Set<Label>();
      for (const f of this.dataFields) for (const leaf of this.leaves(f)) labels.add(leaf.label);
      const parts = [...labels].map(bulkFacts);
      return {
        untrusted: parts.reduce<readonly string[]>((acc, b) => mergeSorted(acc, b.untrusted), []),
        pii: parts.reduce<readonly string[]>((acc, b) => mergeSorted(acc, b.pii), []),
      };
    });
  }
}
