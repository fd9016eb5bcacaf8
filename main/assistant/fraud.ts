/**
 * The fraud checks (engine/fraud) over a world file or a profile account: each message with the
 * receiving server's verdict on its sender, against the person's contacts and own addresses.
 */
import { answerWarnings, fraudFindings, mailSourceIds, type FraudContext, type FraudFinding } from '../../engine/fraud';
import { valueAt } from '../../engine/claims/explain';
import type { Json } from '../../engine/ifc/labeled-value';
import type { RunReport } from '../../engine/run/types';
import type { WorldState } from '../../engine/world';
import { requestOrganizer } from '../calendar/ical';
import { readAttachment } from '../mail/attachments';
import { htmlReadingOf } from '../mail/html-reading';
import { senderCheck } from '../mail/parse';
import { accountConfig } from '../profile/world-io';
import type { Profile } from '../profile/profile';
import type { Account, StoredMessage } from '../store/repositories';

export type Findings = (id: string) => FraudFinding[];

/** The warnings of a text an answer shows, given its label's untrusted sources (engine/fraud/answer.ts). */
export type AnswerWarner = (text: string, untrusted: readonly string[]) => string[];

const worldContext = (world: WorldState): FraudContext => ({
  contacts: world.contacts,
  user: { name: world.user.name, addresses: world.userAddresses },
});

/** A world's emails as an answer's sources: `authenticated: false` failed, absent passed. */
export function worldAnswerWarnings(world: WorldState): AnswerWarner {
  const ctx = worldContext(world);
  const findings = worldFindings(world);
  return (text, untrusted) => {
    const sources = mailSourceIds(untrusted).flatMap((id) => {
      const e = world.findEmail(id);
      const auth = e?.authenticated === false ? ('fail' as const) : ('pass' as const);
      return e ? [{ from: e.from, auth, text: e.body, findings: findings(id) }] : [];
    });
    return answerWarnings(text, sources, ctx);
  };
}

/**
 * The warnings of what a run tells the person (the CLI's `ask --json`): its whole result, and
 * each value it wrote with `log` — an answer given as a line of the transcript carries them too.
 */
export function reportWarnings(report: RunReport, warn: AnswerWarner): string[] {
  const out = new Set<string>();
  const add = (value: Json | undefined, untrusted: readonly string[]): void => {
    if (value === undefined || value === null || untrusted.length === 0) return;
    for (const w of warn(typeof value === 'string' ? value : JSON.stringify(value), untrusted)) out.add(w);
  };
  if (report.resultLabel) add(report.result, report.resultLabel.untrusted);
  for (const c of report.calls)
    if (c.tool === 'log') for (const f of c.fields) add(valueAt(c.args, f.path), f.untrusted);
  return [...out];
}

/** A world file states who sent each mail: `authenticated: false` is a forged sender, absent passed. */
export function worldFindings(world: WorldState): Findings {
  const ctx: FraudContext = {
    contacts: world.contacts,
    user: { name: world.user.name, addresses: world.userAddresses },
  };
  return (id) => {
    const e = world.findEmail(id);
    return e
      ? fraudFindings({ ...e, replyTo: e.replyTo ?? null, auth: e.authenticated === false ? 'fail' : 'pass' }, ctx)
      : [];
  };
}

/** A profile account's mail, with the verdicts of the servers the account trusts. */
export function messageFindings(p: Profile, account: Account): (m: StoredMessage) => FraudFinding[] {
  const ctx = profileContext(p, account);
  const trust = accountConfig(account);
  return (m) => {
    const reading = htmlReadingOf(m);
    return fraudFindings(
      {
        ...m,
        htmlText: reading?.text ?? null,
        htmlLinks: reading?.links ?? null,
        auth: senderCheck(m.auth, trust, m.from),
        invitation: invitationOf(p, m),
      },
      ctx,
    );
  };
}

/** The organiser the message's invitation names (its first text/calendar REQUEST), or null. */
function invitationOf(p: Profile, m: StoredMessage): { organizer: string; sentBy: string } | null {
  for (const a of m.attachments) {
    if (!/^text\/calendar/i.test(a.contentType)) continue;
    const found = requestOrganizer(readAttachment(p.files.attachments, a.path)?.toString('utf8') ?? '');
    if (found) return found;
  }
  return null;
}

const profileContext = (p: Profile, account: Account): FraudContext => ({
  contacts: p.repos.contacts.list(account.id),
  user: { name: account.userName, addresses: account.addresses },
});

/**
 * The warnings a part of an answer carries (engine/fraud/answer.ts): `untrusted` is the part's
 * label's untrusted sources, whose emails are looked up with their senders' verdicts.
 */
export function answerWarningsOf(
  p: Profile,
  account: Account,
): (text: string, untrusted: readonly string[]) => string[] {
  const ctx = profileContext(p, account);
  const trust = accountConfig(account);
  const findings = messageFindings(p, account);
  return (text, untrusted) => {
    const sources = mailSourceIds(untrusted).flatMap((id) => {
      const m = p.repos.messages.get(id);
      return m
        ? [
            {
              from: m.from,
              auth: senderCheck(m.auth, trust, m.from),
              text: `${m.body}\n${m.html ?? ''}`,
              findings: findings(m),
            },
          ]
        : [];
    });
    return answerWarnings(text, sources, ctx);
  };
}
