/**
 * What one tool call does, completely: the one description of an action that the policy gate
 * (its recipients), the simulator, the transports (SMTP, CalDAV, IMAP), the audit and the claim
 * card all read. Nobody else works out a reply-all's recipients, a `Re:`/`Fwd:` prefix or
 * threading headers: each tool's module (`engine/tools/<tool>.ts`) computes its effect from the
 * call's arguments and what the lookups say about the items it names, and nothing else.
 *
 * A claim's content hash is the sha256 of `canonicalEffectBytes(effect)` (`claimHash`), in a world
 * run as in a profile, so approving binds what leaves, not the arguments that described it.
 */
import { createHash } from 'node:crypto';
import type { Json } from '../ifc/labeled-value';
import { canonicalJson } from '../run/wire';
import { bareAddress } from '../world/addresses';
import { effectToolOf } from './index';
import type { Series } from './series';

/** One attachment, by content: the bytes are found again by their sha256 (hex). */
export interface AttachmentRef {
  readonly filename: string;
  readonly contentType: string;
  readonly size: number;
  readonly sha256: string;
}

export interface MailEffect {
  readonly kind: 'mail';
  readonly tool: string;
  readonly from: string;
  readonly to: readonly string[];
  readonly cc: readonly string[];
  readonly bcc: readonly string[];
  /** With its `Re:`/`Fwd:` prefix. */
  readonly subject: string;
  /** Exactly the text/plain body sent (a forward's quoted original included). */
  readonly body: string;
  /** The Message-ID (angle brackets included) of the message answered, or null. */
  readonly inReplyTo: string | null;
  readonly references: readonly string[];
  readonly attachments: readonly AttachmentRef[];
}

export interface EventEffect {
  readonly kind: 'event';
  readonly tool: string;
  readonly op: 'create' | 'update' | 'respond' | 'delete';
  readonly eventId: string | null;
  readonly title: string;
  readonly start: string;
  readonly end: string;
  readonly location: string;
  readonly description: string;
  readonly organizer: string;
  readonly attendees: readonly string[];
  /** Everyone who gets mail because of it (invitations, updates, a response). */
  readonly notified: readonly string[];
  readonly response?: 'accepted' | 'declined' | 'tentative';
  /** The series the event is the first occurrence of, as it will be written (absent: one event). */
  readonly repeats?: Series;
}

export interface OrganizeEffect {
  readonly kind: 'organize';
  readonly tool: string;
  readonly emailId: string;
  readonly folder?: string;
  readonly label?: string;
}

export type Effect = MailEffect | EventEffect | OrganizeEffect;

/** An email a reply or forward names, as the store (or the simulated world) holds it. */
export interface OriginalEmail {
  readonly id: string;
  readonly from: string;
  readonly to: readonly string[];
  readonly cc: readonly string[];
  readonly subject: string;
  readonly date: string;
  readonly body: string;
  readonly messageId: string | null;
  /** The thread's Message-IDs before this one, oldest first (its own References). */
  readonly references: readonly string[];
  readonly attachments: readonly AttachmentRef[];
}

/** A stored event an update or a response names. */
export interface StoredEvent {
  readonly id: string;
  readonly title: string;
  readonly start: string;
  readonly end: string;
  readonly location: string;
  readonly description: string;
  readonly organizer: string;
  readonly attendees: readonly string[];
  readonly repeats?: Series;
}

/** What an effect may depend on beyond the arguments. */
export interface EffectLookups {
  /** The account it acts from: its address and every address that is the person's own. */
  readonly account: { readonly from: string; readonly addresses: readonly string[] };
  email(id: string): OriginalEmail | undefined;
  event(id: string): StoredEvent | undefined;
}

/** A call whose effect cannot be worked out (an item it names is gone, an argument is missing). */
export class EffectError extends Error {
  constructor(
    readonly tool: string,
    /** What is wrong, without the tool's name: for a caller that names the field instead. */
    readonly reason: string,
  ) {
    super(`${tool}: ${reason}`);
  }
}

/** Whether calls of this tool have an effect outside the run (egress, organize, destructive). */
export const hasEffect = (tool: string): boolean => effectToolOf(tool) !== undefined;

/** The complete effect of one call. Pure: the same arguments and lookups give the same effect. */
export function effectOf(tool: string, args: Readonly<Record<string, Json>>, lookups: EffectLookups): Effect {
  const t = effectToolOf(tool);
  if (!t) throw new EffectError(tool, 'this tool has no effect outside the run');
  return t.effectOf(args, lookups);
}

const unique = (addresses: readonly string[]): string[] => [...new Set(addresses.map(bareAddress))].filter(Boolean);

/** Every address the effect reaches, bare and lower-cased, deduplicated (in order of appearance). */
export function recipientsOf(e: Effect): string[] {
  switch (e.kind) {
    case 'mail':
      return unique([...e.to, ...e.cc, ...e.bcc]);
    case 'event':
      return unique(e.notified);
    case 'organize':
      return [];
  }
}

/**
 * A body as every parser gives it back: `\n` line endings, and no line breaks at the end (MIME
 * gives the break before a boundary to the boundary, and parsers differ on the last one).
 */
export const normalizeBody = (text: string): string => text.replace(/\r\n?/g, '\n').replace(/\n+$/, '');

/**
 * The bytes a claim's content hash is taken over: the canonical JSON of the effect (keys
 * sorted), with a message's addresses bare and lower-cased and its body normalised —
 * exactly what the receiving side can read back from the message it got (a display name is not
 * where a message goes), so it can rebuild the effect and re-hash it.
 */
export function canonicalEffectBytes(e: Effect): string {
  const bare = (list: readonly string[]) => list.map(bareAddress);
  const v =
    e.kind === 'mail'
      ? {
          ...e,
          from: bareAddress(e.from),
          to: bare(e.to),
          cc: bare(e.cc),
          bcc: bare(e.bcc),
          body: normalizeBody(e.body),
        }
      : e;
  return canonicalJson(v as unknown as Json);
}

const sha256 = (text: string): string => `sha256:${createHash('sha256').update(text).digest('hex')}`;

/** The content hash a claim of this effect is bound to: `sha256:` and the hex of its canonical bytes. */
export const effectHash = (e: Effect): string => sha256(canonicalEffectBytes(e));

/** The hash of a call's tool and arguments (canonical JSON): what names a call, not what it does. */
export const actionHash = (tool: string, args: Readonly<Record<string, Json>>): string =>
  sha256(canonicalJson({ tool, args } as unknown as Json));

/**
 * The hash a claim of this call carries, wherever it is made (a world run, a profile): the hash
 * of its effect. A call with no effect outside the run, or one whose effect cannot be worked out
 * because the item it names is gone (it can never be committed: its transport needs the effect),
 * is bound to its tool and arguments.
 */
export function claimHash(tool: string, args: Readonly<Record<string, Json>>, lookups: EffectLookups): string {
  if (!hasEffect(tool)) return actionHash(tool, args);
  try {
    return effectHash(effectOf(tool, args, lookups));
  } catch (e) {
    if (e instanceof EffectError) return actionHash(tool, args);
    throw e;
  }
}
