/**
 * Fraud and phishing signals for one message, each a finding with its reason in words. Any
 * finding makes triage file the mail `suspicious` (main/assistant/triage.ts) and shows in the
 * Inbox's warning band; none depends on what a plan or a model said about the message.
 */
import { dangerousAttachment } from './attachments';
import { assistantInstructions } from './instructions';
import { brandUnverified, senderIsBrand } from './brand';
import { knownDomains } from './domains';
import { impersonation } from './impersonation';
import { invitationElsewhere } from './invitation';
import { lookalikeSender } from './lookalike-domain';
import { paymentFraud } from './payment';
import { replyToElsewhere } from './reply-to';
import { secretRequest } from './secret-request';
import { suspiciousLinks } from './links';
import type { FraudContext, FraudFinding, FraudMail } from './types';

export type {
  FindingKind,
  FraudContext,
  FraudFinding,
  FraudMail,
  HtmlLink,
  HtmlReading,
  Person,
  SenderCheck,
} from './types';
export { htmlLinks, linksIn, webAddressesIn } from './links';
export { carriesInstructions, INSTRUCTIONS_REASON } from './instructions';
export { answerWarnings, mailSourceIds, type AnswerSource } from './answer';
export { domainOf, registeredDomain } from './domains';

export function fraudFindings(m: FraudMail, ctx: FraudContext): FraudFinding[] {
  const known = knownDomains(ctx);
  return [
    ...lookalikeSender(m, known),
    ...impersonation(m, ctx, senderIsBrand(m)),
    ...invitationElsewhere(m),
    ...brandUnverified(m, known),
    ...replyToElsewhere(m),
    ...paymentFraud(m),
    ...secretRequest(m),
    ...suspiciousLinks(m, known),
    ...assistantInstructions(m),
    ...dangerousAttachment(m),
  ];
}

const joined = (xs: readonly string[]): string =>
  xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;

/**
 * The summary of a suspicious message: what it asks, in Zamburak's words and framed as the
 * email's request, never its text (so instructions in it are never repeated as the assistant's).
 */
export function framedSummary(findings: readonly FraudFinding[]): string {
  const asks = [...new Set(findings.flatMap((f) => (f.asks ? [f.asks] : [])))];
  const instructions = findings.some((f) => f.kind === 'instructions');
  const other = findings.find((f) => f.kind !== 'instructions');
  const head = asks.length
    ? `This email asks you to ${joined(asks)}.`
    : other
      ? `This email looks suspicious: ${other.reason.charAt(0).toLowerCase()}${other.reason.slice(1)}`
      : 'This email carries instructions for an assistant, which Zamburak did not follow.';
  const tail =
    (asks.length || other) && instructions
      ? ' It also carries instructions for an assistant, which Zamburak did not follow.'
      : '';
  return `${head}${tail}`;
}
