/**
 * What the fraud checks read and what they report. A check sees one message as the receiving
 * server and the person's own data describe it (contacts, their own addresses), never what a plan
 * or a model wrote about it.
 */

/**
 * The receiving server's verdict on the From address: `pass` (DMARC passed at a server the
 * account trusts), `fail` (that server said it failed), `none` (no verdict we can rely on).
 */
export type SenderCheck = 'pass' | 'fail' | 'none';

export interface FraudMail {
  /** `Name <address>` or a bare address, as received. */
  readonly from: string;
  readonly replyTo?: string | null;
  readonly subject: string;
  /** The text the engine reads (for HTML mail, its text). */
  readonly body: string;
  /** The HTML part when there is one (links and hidden text may be only there). */
  readonly html?: string | null;
  /**
   * The HTML part as its viewer shows it, read as text (main/mail/html.ts `htmlToText`): the
   * sender writes both parts, and a request may be only in this one (red-team round 20).
   */
  readonly htmlText?: string | null;
  /**
   * The HTML part's links as read when the message was parsed (./links.ts `htmlLinks` of `html`),
   * so a check need not read the HTML again; absent, they are read from `html`.
   */
  readonly htmlLinks?: readonly HtmlLink[] | null;
  readonly auth: SenderCheck;
  /** The attachments by name and type as the sender gave them (a file that runs is a finding). */
  readonly attachments?: readonly { readonly filename: string; readonly contentType: string }[];
  /**
   * The invitation it carries (its text/calendar REQUEST): the organiser it names and who it says
   * sends for them (`SENT-BY`, empty when none). The sender writes both.
   */
  readonly invitation?: { readonly organizer: string; readonly sentBy: string } | null;
}

/** A link of an HTML part: its href as written (character references read back) and the HTML between its tags. */
export interface HtmlLink {
  readonly href: string;
  readonly text: string;
}

/**
 * What the content checks read of an HTML part, worked out once when a message is parsed and
 * stored with it (main/mail/html-reading.ts): its text as the viewer shows it (`htmlText`) and
 * its links (`htmlLinks`).
 */
export interface HtmlReading {
  readonly text: string;
  readonly links: readonly HtmlLink[];
}

export interface Person {
  readonly name: string;
  readonly email: string;
}

export interface FraudContext {
  readonly contacts: readonly Person[];
  /** The person: their name and every address of theirs (the first is their main one). */
  readonly user: { readonly name: string; readonly addresses: readonly string[] };
}

export type FindingKind =
  | 'lookalike-domain'
  | 'impersonation'
  | 'bank-change'
  | 'payment-pressure'
  | 'secret-request'
  | 'suspicious-link'
  | 'brand-unverified'
  | 'reply-to'
  | 'instructions'
  | 'dangerous-attachment';

/** One reason to distrust a message, in words a person reads at a glance. */
export interface FraudFinding {
  readonly kind: FindingKind;
  /** One sentence: what is wrong, naming the domains or names involved. */
  readonly reason: string;
  /** What the email wants done, completing "This email asks you to …" (no text of the email). */
  readonly asks?: string;
}
