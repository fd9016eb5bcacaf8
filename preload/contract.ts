/**
 * The typed API between the renderer and the rest of the app (`window.zamburak` in Electron,
 * `POST /api/NAMESPACE.CALL` in the browser host).
 *
 * Every call is declared once here with a zod schema for its arguments and its result. The
 * preload script, the browser host's client and the router in main/ are derived from this
 * table, and both ends parse what crosses the boundary: a compromised renderer can send
 * anything, and the renderer should not trust a malformed answer either. Inputs are bounded
 * (string lengths, list sizes) so an oversized payload is refused before any service sees it.
 *
 * Pure: zod and types only (no electron, no Node), so every side can import it.
 */
import * as z from 'zod';
import { base64Bytes, CATEGORIES, MAX_ATTACHMENT_BYTES } from './contract-values';

export {
  base64Bytes,
  BOOTSTRAP_ELEMENT_ID,
  CATEGORIES,
  FIRST_INBOX_PAGE,
  MAX_ATTACHMENT_BYTES,
  WRITTEN_INBOX_PAGE,
  ZamburakError,
  type BootstrapAnswer,
} from './contract-values';

const id = z.string().min(1).max(200);
/** The content hash (or policy version) a card showed: never empty, which would bind to nothing. */
const shownHash = z.string().min(1).max(100);
const text = (max: number) => z.string().max(max);
const iso = z.string().max(40);
const json = z.unknown();

export const EngineVersion = z.object({
  /** The app's version (package.json). */
  app: z.string().min(1),
  /** Runtime versions, for bug reports and the Settings screen. */
  electron: z.string(),
  chrome: z.string(),
  node: z.string(),
});
export type EngineVersion = z.infer<typeof EngineVersion>;

export const Category = z.enum(CATEGORIES);
export type Category = z.infer<typeof Category>;

export const AppInfo = z.object({
  host: z.enum(['electron', 'browser']),
  demo: z.boolean(),
  account: z.object({ id: z.string(), name: z.string(), email: z.string(), userName: z.string() }),
  paused: z.boolean(),
  pendingClaims: z.number().int(),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const MessageRow = z.object({
  id: z.string(),
  from: z.string(),
  subject: z.string(),
  date: z.string(),
  preview: z.string(),
  unread: z.boolean(),
  folder: z.string(),
  category: Category.nullable(),
  summary: z.string().nullable(),
  /** A claim about this message is waiting for a person. */
  pendingClaim: z.boolean(),
  /** The account it belongs to (the unified inbox mixes accounts): its id and name. */
  accountId: z.string(),
  account: z.string(),
  hasAttachments: z.boolean(),
  /** How many messages its conversation holds. */
  threadSize: z.number().int(),
});
export type MessageRow = z.infer<typeof MessageRow>;

export const InboxPage = z.object({
  items: z.array(MessageRow),
  next: z.object({ date: z.string(), id: z.string() }).nullable(),
  total: z.number().int(),
  /** The words and phrases a search looked for, to highlight in the list. */
  highlight: z.array(z.string()),
});
export type InboxPage = z.infer<typeof InboxPage>;

export const InboxQuery = z.strictObject({
  folder: text(200).optional(),
  /** One account's mail (its id); absent: every account (the unified inbox). */
  account: text(200).optional(),
  category: Category.optional(),
  search: text(500).optional(),
  limit: z.number().int().min(1).max(500).optional(),
  after: z.strictObject({ date: iso, id }).optional(),
});
export type InboxQuery = z.infer<typeof InboxQuery>;

export const DraftView = z.object({
  id: z.string(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string(),
  body: z.string(),
  edited: z.boolean(),
  updatedAt: z.string(),
});
export type DraftView = z.infer<typeof DraftView>;

/** An attachment as listed: its safe name, type and size (null when the store does not know it). */
export const Attachment = z.object({
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int().nullable(),
});
export type Attachment = z.infer<typeof Attachment>;

export const ThreadMessage = z.object({
  id: z.string(),
  from: z.string(),
  to: z.array(z.string()),
  date: z.string(),
  subject: z.string(),
  body: z.string(),
  /** The start of the body as one line of text (no markup), for the collapsed conversation. */
  preview: z.string(),
  folder: z.string(),
  attachments: z.array(Attachment),
});
export type ThreadMessage = z.infer<typeof ThreadMessage>;

export const Invitation = z.object({
  eventId: z.string().nullable(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  location: z.string(),
  organizer: z.string(),
  /** The person's answer so far, if any. */
  response: z.string().nullable(),
});
export type Invitation = z.infer<typeof Invitation>;

/**
 * Who a reply goes to (bare addresses), computed by the reply's own effect (engine/tools): the
 * composer shows exactly this, and the send is refused if the effect has since come to differ.
 */
export const ReplyRecipients = z.object({ to: z.array(z.string()), cc: z.array(z.string()) });
export type ReplyRecipients = z.infer<typeof ReplyRecipients>;

export const MessageView = MessageRow.extend({
  to: z.array(z.string()),
  cc: z.array(z.string()),
  body: z.string(),
  /** The HTML part, shown only in a sandboxed frame with no scripts and no remote loads. */
  html: z.string().nullable(),
  fromIsContact: z.boolean(),
  /** Why this message deserves care: look-alike sender, links to other hosts, injected text. */
  warnings: z.array(z.string()),
  attachments: z.array(Attachment),
  drafts: z.array(DraftView),
  claimIds: z.array(z.string()),
  /** The conversation it belongs to, oldest first (this message included). */
  thread: z.array(ThreadMessage),
  /** An invitation it carries (iMIP), with the event it names when that is on the calendar. */
  invitation: Invitation.nullable(),
  /** Where a reply and a reply-all to it go; a forward goes only where the person types. */
  replies: z.object({ reply: ReplyRecipients, replyAll: ReplyRecipients }),
});
export type MessageView = z.infer<typeof MessageView>;

export const FolderView = z.object({ name: z.string(), total: z.number().int(), unread: z.number().int() });
export type FolderView = z.infer<typeof FolderView>;

export const AttachmentData = z.object({ filename: z.string(), contentType: z.string(), dataBase64: z.string() });
export type AttachmentData = z.infer<typeof AttachmentData>;

/**
 * A message being written, kept in the profile as it is typed (one at a time): a reload, a crash
 * or a restart loses nothing. `sourceId`: the email it replies to or forwards.
 */
export const KeptDraft = z.strictObject({
  mode: z.enum(['new', 'reply', 'replyAll', 'forward']),
  sourceId: id.nullable(),
  account: text(200).nullable(),
  to: text(10_000),
  cc: text(10_000),
  bcc: text(10_000),
  subject: text(1000),
  body: text(1_000_000),
});
export type KeptDraft = z.infer<typeof KeptDraft>;

export const InvitationAnswer = z.enum(['accepted', 'tentative', 'declined']);
export type InvitationAnswer = z.infer<typeof InvitationAnswer>;

export const TriageSummary = z.object({
  triaged: z.number().int(),
  drafts: z.number().int(),
  claims: z.number().int(),
  byCategory: z.record(z.string(), z.number().int()),
});
export type TriageSummary = z.infer<typeof TriageSummary>;

export const MailUndo = z.strictObject({ id, folder: text(200).optional(), unread: z.boolean().optional() });
export type MailUndo = z.infer<typeof MailUndo>;

export const FieldView = z.object({
  path: z.string(),
  /** The field's name in words: "Recipient 2", "Which email to answer". */
  label: z.string(),
  value: z.string(),
  provenance: z.string(),
  sentence: z.string(),
  untrusted: z.boolean(),
});

export const LineageGraph = z.object({
  nodes: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['source', 'op', 'field']),
      /** The line above the label: "From a search of your mail", "Step". */
      heading: z.string().optional(),
      label: z.string(),
      untrusted: z.boolean(),
      /** What the engine recorded (a source id, a step's operator): the node's tooltip. */
      detail: z.string().optional(),
      /** The email or event a source node names: a click opens it. */
      item: z.object({ kind: z.enum(['email', 'event']), id: z.string() }).optional(),
    }),
  ),
  edges: z.array(z.object({ from: z.string(), to: z.string() })),
});
export type LineageGraph = z.infer<typeof LineageGraph>;

/** The message or event as its recipients will see it (from the action's effect). */
export const ClaimPreview = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('mail'),
    from: z.string(),
    to: z.array(z.string()),
    cc: z.array(z.string()),
    subject: z.string(),
    body: z.string(),
    attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number() })),
  }),
  z.object({
    kind: z.literal('event'),
    title: z.string(),
    start: z.string(),
    end: z.string(),
    when: z.string(),
    location: z.string(),
    /** The notes: they go to every guest with the event. */
    description: z.string(),
    attendees: z.array(z.string()),
    notified: z.array(z.string()),
    response: z.string().optional(),
    /** How the series repeats, in words from its rule ("Every Monday"); absent: one event. */
    repeats: z.string().optional(),
  }),
  z.object({
    kind: z.literal('organize'),
    email: z.string(),
    folder: z.string().optional(),
    label: z.string().optional(),
  }),
]);
export type ClaimPreview = z.infer<typeof ClaimPreview>;

export const ClaimState = z.enum(['pending', 'approved', 'committing', 'committed', 'rejected', 'expired', 'failed']);
export const ClaimView = z.object({
  id: z.string(),
  state: ClaimState,
  tool: z.string(),
  args: z.record(z.string(), json),
  what: z.string(),
  /** Why it asks: at most three plain sentences (the raw reasons are in `reasons` and the audit). */
  why: z.array(z.string()),
  /** Every address the action reaches. */
  recipients: z.array(z.string()),
  /** Recipients no standing rule may trust (an email chose them, look-alikes), each with why. */
  unsafeRecipients: z.array(z.object({ address: z.string(), why: z.string() })),
  preview: ClaimPreview,
  fields: z.array(FieldView),
  flags: z.array(z.string()),
  /** The policy rule that asked, by its id (for whoever edits the policy) … */
  rule: z.string(),
  /** … and in words: "mail to the person whose message it answers" (engine/policy/rule-words.ts). */
  ruleWords: z.string(),
  reasons: z.array(z.string()),
  risk: z.enum(['low', 'medium', 'high']),
  contentHash: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
  error: z.string().nullable(),
  /** The outbox's view after approval: waiting out the undo window, sent, failed… */
  commit: z.object({ state: z.string(), notBefore: z.string(), attempts: z.number().int() }).nullable(),
  lineage: LineageGraph,
});
export type ClaimView = z.infer<typeof ClaimView>;

export const ClaimRowView = ClaimView.pick({
  id: true,
  state: true,
  tool: true,
  what: true,
  risk: true,
  rule: true,
  createdAt: true,
  flags: true,
  contentHash: true,
});
export type ClaimRowView = z.infer<typeof ClaimRowView>;

export const CallView = z.object({
  seq: z.number().int(),
  tool: z.string(),
  /** The tool in words: "A search of your mail" (engine/tools/tool-words.ts). */
  what: z.string(),
  args: z.record(z.string(), json),
  decision: z.string(),
  rule: z.string(),
  /** The rule in words, as Review names it (engine/policy/rule-words.ts). */
  ruleWords: z.string(),
  reasons: z.array(z.string()),
  executed: z.boolean(),
  claimId: z.string().nullable(),
});

export const ResultPart = z.object({
  path: z.string(),
  /** The part as JSON text, cut at 2,000 characters. */
  value: z.string(),
  /**
   * The part itself, for a table or list a person reads (Ask): at most 100 items a list, 500
   * characters a text, four levels deep (deeper, as JSON text).
   */
  data: json.optional(),
  provenance: z.string(),
  untrusted: z.boolean(),
  /** Why to be careful with this part: links or requests it repeats from mail (engine/fraud/answer.ts). */
  warnings: z.array(z.string()).optional(),
});

/** A line of a result as text (main/assistant/result-text.ts), with where its part came from. */
export const AskTextLine = z.object({
  text: z.string(),
  heading: z.boolean(),
  provenance: z.string(),
  untrusted: z.boolean(),
  warnings: z.array(z.string()).optional(),
});
export type AskTextLine = z.infer<typeof AskTextLine>;

export const AskResult = z.object({
  request: z.string(),
  /** The account the request ran against. */
  account: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  playbook: z.string().nullable(),
  plan: z.string(),
  /** The model that wrote the plan, when no playbook covered the request. */
  plannedBy: z.string().nullable(),
  status: z.string(),
  error: z.string().nullable(),
  calls: z.array(CallView),
  result: z.array(ResultPart),
  /** The result as text a person reads, line by line, each with its own part's provenance. */
  text: z.array(AskTextLine),
  claims: z.array(z.string()),
  /** When the request cannot be planned: what can be asked instead. */
  supported: z.array(z.string()),
});
export type AskResult = z.infer<typeof AskResult>;

export const AuditRow = z.object({
  seq: z.number().int(),
  at: z.string(),
  kind: z.string(),
  runId: z.string().nullable(),
  tool: z.string().nullable(),
  decision: z.string().nullable(),
  rule: z.string().nullable(),
  sources: z.array(z.string()),
  data: json,
  /** The entry in one sentence: "You rejected: send an email to ap-desk@…". */
  sentence: z.string(),
  /** Where it came from, in words (`audit.get` only): "the email “Invoice” from billing@…". */
  sourceWords: z.array(z.string()).optional(),
});
export type AuditRow = z.infer<typeof AuditRow>;

export const AuditQuery = z.strictObject({
  kind: text(100).optional(),
  /** Entries whose kind starts with this: `claim.` for every claim entry. */
  kindPrefix: text(100).optional(),
  tool: text(100).optional(),
  decision: text(20).optional(),
  rule: text(200).optional(),
  source: text(300).optional(),
  from: iso.optional(),
  to: iso.optional(),
  before: z.number().int().optional(),
  limit: z.number().int().min(1).max(1000).optional(),
});

export const VerifyView = z.object({
  ok: z.boolean(),
  checked: z.number().int(),
  problem: z.object({ seq: z.number().int(), kind: z.string(), message: z.string() }).nullable(),
});
export type VerifyView = z.infer<typeof VerifyView>;

export const PolicyErrorView = z.object({ line: z.number().int(), column: z.number().int(), message: z.string() });
export type PolicyErrorView = z.infer<typeof PolicyErrorView>;

export const PolicyCheck = z.object({ ok: z.boolean(), rules: z.number().int(), errors: z.array(PolicyErrorView) });
export const PolicyPreview = z.object({
  ok: z.boolean(),
  errors: z.array(PolicyErrorView),
  replayed: z.number().int(),
  changed: z.array(
    z.object({
      runId: z.string(),
      seq: z.number().int(),
      tool: z.string(),
      /** The tool in words: "A reply" (engine/tools/tool-words.ts). */
      what: z.string(),
      /** Each decision with its rule, by id and in words (engine/policy/rule-words.ts). */
      before: z.object({ decision: z.string(), rule: z.string(), ruleWords: z.string() }),
      after: z.object({ decision: z.string(), rule: z.string(), ruleWords: z.string() }),
    }),
  ),
});
export type PolicyPreview = z.infer<typeof PolicyPreview>;

export const Settings = z.object({
  paused: z.boolean(),
  undoWindowSeconds: z.number().int().min(0).max(600),
  theme: z.enum(['system', 'light', 'dark']),
});
export type Settings = z.infer<typeof Settings>;

export const AccountView = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  transport: z.string(),
  demo: z.boolean(),
  /** An OAuth account whose issuer no longer accepts its sign-in: nothing is lost, sign in again. */
  signInAgain: z.boolean().optional(),
  /** A mail account's receiving server id(s): only their Authentication-Results verdicts count. */
  authserv: z.array(z.string()).optional(),
  /** Those servers add a verdict to every message they receive (main/mail/verdict-trust.ts). */
  authservEveryMessage: z.boolean().optional(),
});
export type AccountView = z.infer<typeof AccountView>;

export const NewAccountInput = z.strictObject({
  name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'letters, digits, . _ - (up to 64)'),
  email: z.string().email().max(320),
  imapHost: z.string().min(1).max(253),
  imapPort: z.number().int().min(1).max(65535),
  security: z.enum(['tls', 'starttls', 'plain']),
  user: z.string().min(1).max(320),
  password: z.string().min(1).max(1000),
  smtpHost: z.string().max(253).optional(),
  smtpPort: z.number().int().min(1).max(65535).optional(),
  caldav: z.string().url().max(2000).optional(),
  /** The receiving server's Authentication-Results id(s): only its verdicts authenticate senders. */
  authserv: z.array(z.string().max(253)).max(10).optional(),
  /** Those servers add a verdict to every message they receive, below their own Received field. */
  authservEveryMessage: z.boolean().optional(),
});
export type NewAccountInput = z.infer<typeof NewAccountInput>;

const AccountName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'letters, digits, . _ - (up to 64)');

/**
 * A mail account's sender checks, changed after it was added: the receiving server's id(s) and
 * whether they add a verdict to every message (which needs an id).
 */
export const SenderChecksInput = z
  .strictObject({
    name: AccountName,
    /** Host names (main/accounts checks them again, as on add). */
    authserv: z.array(z.string().regex(/^\s*[A-Za-z0-9.-]{1,253}\s*$/, 'a host name')).max(10),
    authservEveryMessage: z.boolean(),
  })
  .refine((x) => !x.authservEveryMessage || x.authserv.length > 0, {
    message: 'a server that adds a verdict to every message needs its server id',
    path: ['authservEveryMessage'],
  });
export type SenderChecksInput = z.infer<typeof SenderChecksInput>;
/** An OAuth sign-in: a new account (servers from the preset, the form, or the address), or again. */
export const OAuthSignInInput = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('new'),
    provider: z.enum(['google', 'microsoft', 'other']),
    /** For `other`: the issuer whose metadata names the endpoints. */
    issuer: z.string().url().max(2000).optional(),
    name: AccountName,
    email: z.string().email().max(320),
    clientId: z.string().min(1).max(500).optional(),
    /** For `other`: the scopes mail needs at that issuer. */
    scopes: z.array(z.string().min(1).max(200)).max(20).optional(),
    imapHost: z.string().min(1).max(253).optional(),
    imapPort: z.number().int().min(1).max(65535).optional(),
    security: z.enum(['tls', 'starttls', 'plain']).optional(),
    smtpHost: z.string().min(1).max(253).optional(),
    smtpPort: z.number().int().min(1).max(65535).optional(),
  }),
  z.strictObject({ kind: z.literal('again'), name: AccountName }),
]);
export type OAuthSignInInput = z.infer<typeof OAuthSignInInput>;

const Feature = z.enum(['planner', 'extractor']);
/** USD per million tokens. */
const Pricing = z.strictObject({
  inputPerMTok: z.number().min(0).max(10_000),
  outputPerMTok: z.number().min(0).max(10_000),
});

export const ProviderView = z.object({
  name: z.string(),
  kind: z.enum(['openai', 'anthropic']),
  url: z.string(),
  model: z.string(),
  for: z.array(Feature),
  hasKey: z.boolean(),
  price: Pricing.optional(),
});
export type ProviderView = z.infer<typeof ProviderView>;

const usd = z.number().min(0).max(100_000);
const tokens = z.number().int().min(1).max(1_000_000_000);
export const Budgets = z.strictObject({
  runTokens: tokens,
  dayTokens: tokens,
  /** null: no money limit. */
  runCostUsd: usd.nullable(),
  dayCostUsd: usd.nullable(),
});
export const BudgetsView = z.object({
  budgets: Budgets,
  /** What today (UTC) used so far over all providers. */
  today: z.object({ tokens: z.number(), costUsd: z.number() }),
});
export type BudgetsView = z.infer<typeof BudgetsView>;

export const NewProviderInput = z.strictObject({
  name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'letters, digits, . _ - (up to 64)'),
  kind: z.enum(['openai', 'anthropic']),
  url: z.string().url().max(2000),
  model: z.string().min(1).max(200),
  for: z.array(Feature).max(2),
  apiKey: z.string().max(1000).optional(),
  price: Pricing.optional(),
});

const address = z.string().min(3).max(320);
const addresses = z.array(address).max(100);

/** Base64's length for `bytes` bytes (4 characters for every 3 bytes, padded). */
const base64Length = (bytes: number): number => Math.ceil(bytes / 3) * 4;
const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ATTACHMENT_LIMIT = `a message can carry ${megabytes(MAX_ATTACHMENT_BYTES)} of attachments at most`;

/** A file attached to a message the person writes: its bytes cross the bridge (never a path). */
export const OutgoingAttachment = z.strictObject({
  filename: z.string().min(1).max(255),
  contentType: z.string().max(200).optional(),
  /** Base64 of the bytes, no line breaks; the whole message's limit at most. */
  dataBase64: z.string().max(base64Length(MAX_ATTACHMENT_BYTES), `this file alone is too large: ${ATTACHMENT_LIMIT}`),
});

/**
 * A message's files, 20 at most and `MAX_ATTACHMENT_BYTES` all together, counted from the length
 * of their base64 (nothing decoded): 20 files of the largest size one may have came to 700 MB,
 * which the main process decoded before any limit was checked.
 */
const OutgoingAttachments = z
  .array(OutgoingAttachment)
  .max(20)
  .superRefine((files, ctx) => {
    const total = files.reduce((n, f) => n + base64Bytes(f.dataBase64), 0);
    if (total > MAX_ATTACHMENT_BYTES)
      ctx.addIssue({
        code: 'custom',
        message: `the files come to ${megabytes(total)}; ${ATTACHMENT_LIMIT}`,
      });
  });

/**
 * A message the person wrote. A reply's recipients, subject and threading come from the email
 * it answers (`replyTo`, with the recipients the composer showed); a forward attaches the original's attachments (`forwardOf`); a
 * governed draft sent by the person (`fromDraft`) becomes theirs, and the audit keeps which
 * words were the assistant's.
 */
export const SendInput = z.strictObject({
  account: z.string().max(64).optional(),
  to: addresses,
  cc: addresses.optional(),
  bcc: addresses.optional(),
  subject: text(1000),
  body: text(1_000_000),
  attachments: OutgoingAttachments.optional(),
  /**
   * `shown`: the recipients the composer showed (bare addresses); the send is refused when the
   * reply would reach anyone else, or not reach someone shown.
   */
  replyTo: z
    .strictObject({
      id,
      all: z.boolean().optional(),
      shown: z.strictObject({ to: addresses, cc: addresses }).optional(),
    })
    .optional(),
  forwardOf: id.optional(),
  fromDraft: id.optional(),
});
export type SendInput = z.infer<typeof SendInput>;

/** Queued: waiting out the undo window (`sendAt`); sent: already on its way. */
export const SendResult = z.object({ id: z.string(), status: z.enum(['queued', 'sent']), sendAt: z.string() });
export type SendResult = z.infer<typeof SendResult>;

export const QueuedSend = z.object({
  id: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  sendAt: z.string(),
  /** queued: it can still be undone; sending: it is leaving now. */
  status: z.enum(['queued', 'sending']),
});
export type QueuedSend = z.infer<typeof QueuedSend>;

/** One call: the schema of its argument list and of its result. */
export interface CallSpec<A extends z.ZodTuple = z.ZodTuple, R extends z.ZodType = z.ZodType> {
  readonly args: A;
  readonly result: R;
}

const call = <A extends z.ZodTuple, R extends z.ZodType>(args: A, result: R): CallSpec<A, R> => ({ args, result });
const ok = z.object({ ok: z.literal(true) });

/** Namespaces match folders in main/ and screens in renderer/ (style.md, "feature-owned"). */
export const contract = {
  engine: {
    version: call(z.tuple([]), EngineVersion),
  },
  app: {
    info: call(z.tuple([]), AppInfo),
    /**
     * The screen's locale and time zone (its OS or browser): times the app writes (cards, Ask's
     * answers) then read as the screen's own do, unless the profile's settings pin them.
     */
    display: call(z.tuple([z.strictObject({ locale: text(100), timeZone: text(100) })]), ok),
  },
  inbox: {
    page: call(z.tuple([InboxQuery.optional()]), InboxPage),
    get: call(z.tuple([id]), MessageView),
    /** The Inbox's messages by triage category (`untriaged`: not triaged yet), of one account (its id) or of all. */
    counts: call(z.tuple([text(200).optional()]), z.record(z.string(), z.number().int())),
    /** Triage of one account's Inbox (its id), or of every account's (the unified inbox). */
    triage: call(z.tuple([text(200).optional()]), TriageSummary),
    /** Archive, move or mark read (on a real account's server first); the answer is what undoes it. */
    archive: call(z.tuple([id]), MailUndo),
    markRead: call(z.tuple([id, z.boolean()]), MailUndo),
    /** Moves it to a folder of its account (on the server first, for a real account). */
    move: call(z.tuple([id, text(200)]), MailUndo),
    /** The folders a message of this account can be moved to. */
    folders: call(z.tuple([id]), z.array(z.string())),
    /** Every folder with mail, of one account (its id) or of all, with its counts. */
    folderList: call(z.tuple([text(200).optional()]), z.array(FolderView)),
    /** One attachment's bytes (by its index in the message's list), to open or save. */
    attachment: call(z.tuple([id, z.number().int().min(0).max(1000)]), AttachmentData),
    /** Keeps (or, with null, forgets) the message being written; `keptDraft` gives it back. */
    keepDraft: call(z.tuple([KeptDraft.nullable()]), ok),
    keptDraft: call(z.tuple([]), KeptDraft.nullable()),
    /** Answers the invitation a message carries (through the calendar's respond path). */
    respond: call(z.tuple([id, InvitationAnswer]), z.object({ claimId: z.string().nullable(), state: z.string() })),
    undo: call(z.tuple([MailUndo]), ok),
    /** A person's edit: the draft's content becomes theirs. */
    editDraft: call(z.tuple([id, z.strictObject({ subject: text(1000).optional(), body: text(100_000) })]), DraftView),
  },
  mail: {
    /** Queues what the person wrote in the outbox (exactly once, after the undo window). */
    send: call(z.tuple([SendInput]), SendResult),
    /** Cancels a send still inside its undo window. */
    undo: call(z.tuple([id]), ok),
    /** The person's messages waiting out their undo window or leaving now. */
    queued: call(z.tuple([]), z.array(QueuedSend)),
  },
  claims: {
    list: call(z.tuple([ClaimState.optional()]), z.array(ClaimRowView)),
    get: call(z.tuple([id]), ClaimView),
    /** Approve exactly what was shown: the content hash the card displayed. */
    approve: call(z.tuple([id, shownHash]), ClaimView),
    reject: call(z.tuple([id, text(1000)]), ClaimView),
    /** Rewrite a pending claim's text (subject, body…) as shown at this hash; the card comes back re-hashed. */
    edit: call(
      z.tuple([
        id,
        shownHash,
        z.partialRecord(z.enum(['subject', 'body', 'comment', 'title', 'description']), text(100_000)),
      ]),
      ClaimView,
    ),
    undo: call(z.tuple([id]), ClaimView),
    /**
     * The narrowest policy override that stops this kind of claim coming back, as YAML; refused
     * for a look-alike address or one an email chose.
     */
    proposeOverride: call(
      z.tuple([id]),
      z.object({
        before: z.string(),
        after: z.string(),
        rule: z.string(),
        added: z.array(z.string()),
        version: z.string(),
      }),
    ),
    /** Saves exactly that override (the policy version it was shown on) and approves at the shown hash. */
    alwaysAllow: call(z.tuple([id, shownHash, shownHash]), ClaimView),
    /** Approves or rejects several claims of one kind, each at the hash its card showed. */
    decideMany: call(
      z.tuple([
        z
          .array(z.strictObject({ id, hash: shownHash }))
          .min(1)
          .max(200),
        z.enum(['approve', 'reject']),
        text(1000),
      ]),
      z.array(z.object({ id: z.string(), ok: z.boolean(), error: z.string().nullable() })),
    ),
  },
  ask: {
    /** A request over one account (its id; absent: the primary account). */
    run: call(z.tuple([text(2000), text(200).optional()]), AskResult),
    /** Requests that work without a language model, in the words a person types: Ask offers them. */
    examples: call(z.tuple([]), z.array(z.string())),
  },
  audit: {
    list: call(z.tuple([AuditQuery.optional()]), z.array(AuditRow)),
    get: call(z.tuple([z.number().int().min(1)]), AuditRow),
    verify: call(z.tuple([]), VerifyView),
    /** A sealed bundle for the holder of an ML-KEM-768 public key (base64 in, base64 out). */
    export: call(z.tuple([text(10_000)]), z.object({ bundle: z.string(), entries: z.number().int() })),
    /** The entries a query matches (every page), as CSV or JSON: for reading, not for proof. */
    exportTable: call(
      z.tuple([AuditQuery.omit({ before: true, limit: true }), z.enum(['csv', 'json'])]),
      z.object({ text: z.string(), entries: z.number().int() }),
    ),
  },
  policies: {
    current: call(z.tuple([]), z.object({ yaml: z.string(), version: z.string() })),
    validate: call(z.tuple([text(200_000)]), PolicyCheck),
    preview: call(z.tuple([text(200_000)]), PolicyPreview),
    save: call(
      z.tuple([text(200_000), text(500)]),
      z.object({ ok: z.boolean(), version: z.string(), errors: z.array(PolicyErrorView) }),
    ),
  },
  providers: {
    list: call(z.tuple([]), z.array(ProviderView)),
    /** The API key goes into the secret store only; it never comes back over the bridge. */
    add: call(z.tuple([NewProviderInput]), ProviderView),
    /** One tiny call: the model that answered and how long it took, or the kind of failure. */
    test: call(
      z.tuple([text(64)]),
      z.object({ ok: z.boolean(), model: z.string(), latencyMs: z.number(), message: z.string() }),
    ),
    remove: call(z.tuple([text(64)]), ok),
    /** Which provider serves these features (null: none, Ask then runs playbooks only). */
    use: call(z.tuple([text(64).nullable(), z.array(Feature).min(1).max(2)]), z.array(ProviderView)),
    budgets: call(z.tuple([]), BudgetsView),
    setBudgets: call(z.tuple([Budgets.partial()]), BudgetsView),
    /** The connection log: when, which provider and model, tokens, run, status — never content. */
    log: call(
      z.tuple([]),
      z.array(
        z.object({
          at: z.string(),
          provider: z.string(),
          model: z.string(),
          runId: z.string().nullable(),
          inputTokens: z.number().int(),
          outputTokens: z.number().int(),
          status: z.string(),
          latencyMs: z.number(),
          costUsd: z.number(),
        }),
      ),
    ),
  },
  settings: {
    get: call(z.tuple([]), Settings),
    set: call(z.tuple([Settings.partial().strict()]), Settings),
  },
  accounts: {
    list: call(z.tuple([]), z.array(AccountView)),
    /** The password goes into the secret store only; it never comes back over the bridge. */
    add: call(z.tuple([NewAccountInput]), AccountView),
    /** Logs in: ok, or the kind of failure (auth, unreachable, tls, timeout, protocol). */
    test: call(
      z.tuple([text(64)]),
      z.object({ ok: z.boolean(), kind: z.string().nullable(), message: z.string(), folders: z.number().int() }),
    ),
    remove: call(z.tuple([text(64)]), ok),
    /** Changes a mail account's sender checks (its server id, and whether it checks every message). */
    setSenderChecks: call(z.tuple([SenderChecksInput]), AccountView),
    /**
     * Starts an OAuth sign-in; answers with the URL to open (a new tab, or the system browser)
     * once the loopback redirect listener is ready.
     */
    signIn: call(z.tuple([OAuthSignInInput]), z.object({ id: z.string(), url: z.string().url() })),
    /** How a started sign-in went: still waiting, done (the account), or failed (why). */
    signInStatus: call(
      z.tuple([text(64)]),
      z.object({
        state: z.enum(['waiting', 'done', 'failed']),
        message: z.string(),
        account: AccountView.nullable(),
      }),
    ),
  },
} as const;

export type Contract = typeof contract;
export type Namespace = keyof Contract;
export type CallName<N extends Namespace> = keyof Contract[N] & string;

/** The IPC channel of one call, e.g. `zamburak:engine.version`. */
export const channelOf = (namespace: string, name: string): string => `zamburak:${namespace}.${name}`;

/** Every call of the contract as `[namespace, name, spec]`, for the router and the clients. */
export function listCalls(): [string, string, CallSpec][] {
  return Object.entries(contract).flatMap(([namespace, calls]) =>
    Object.entries(calls as Record<string, CallSpec>).map(([name, spec]): [string, string, CallSpec] => [
      namespace,
      name,
      spec,
    ]),
  );
}

/** One call's schemas, or undefined for a name the contract does not have. */
export function specOf(namespace: string, name: string): CallSpec | undefined {
  const calls: Partial<Record<string, Partial<Record<string, CallSpec>>>> = contract;
  return Object.hasOwn(contract, namespace) ? calls[namespace]?.[name] : undefined;
}

type Fn<S> = S extends CallSpec<infer A, infer R> ? (...args: z.input<A>) => Promise<z.output<R>> : never;

/** What `window.zamburak` looks like to the renderer. */
export type ZamburakApi = { readonly [N in Namespace]: { readonly [C in CallName<N>]: Fn<Contract[N][C]> } };

/** What main/ implements: the same calls, receiving already-parsed arguments. */
export type ZamburakHandlers = {
  readonly [N in Namespace]: {
    readonly [C in CallName<N>]: Contract[N][C] extends CallSpec<infer A, infer R>
      ? (...args: z.output<A>) => z.input<R> | Promise<z.input<R>>
      : never;
  };
};

/** An error that crossed the boundary: a kind the UI can act on and a message for a person. */
export const ApiError = z.object({
  error: z.object({
    kind: z.enum(['bad-request', 'not-found', 'conflict', 'unauthorized', 'forbidden', 'internal']),
    message: z.string(),
  }),
});
export type ApiError = z.infer<typeof ApiError>;
export type ApiErrorKind = ApiError['error']['kind'];

/** Builds a typed client from any transport (IPC in the preload, fetch in the browser host). */
export function buildClient(send: (namespace: string, name: string, args: unknown[]) => Promise<unknown>): ZamburakApi {
  const api: Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>> = {};
  for (const [namespace, name, spec] of listCalls()) {
    (api[namespace] ??= {})[name] = async (...args: unknown[]) => {
      const parsedArgs = spec.args.parse(args);
      return spec.result.parse(await send(namespace, name, parsedArgs));
    };
  }
  return api as unknown as ZamburakApi;
}
