/**
 * Warnings an answer carries when it repeats what mail said: a link from a sender the receiving
 * server did not verify, or that goes to another domain than the sender's (a password-reset link
 * "from the service" that the service never sent), and any request or instruction the fraud
 * checks recognise in the repeated text. Shown with the part of the answer they concern, so the
 * person sees it where they would act on it.
 */
import { withinDomain } from '../sanitizers';
import { bareAddress } from '../world/addresses';
import { domainOf, knownDomains } from './domains';
import { assistantInstructions } from './instructions';
import { suspiciousLinks, webAddressesIn } from './links';
import { paymentFraud } from './payment';
import { secretRequest } from './secret-request';
import type { FraudContext, FraudFinding, SenderCheck } from './types';

/** An email the answer's text came from, as the receiving server described its sender. */
export interface AnswerSource {
  readonly from: string;
  readonly auth: SenderCheck;
  /** The email's text (and HTML): which of several sources a link came from. */
  readonly text: string;
  /** The email's own fraud findings (./index.ts `fraudFindings`), when the caller has them. */
  readonly findings?: readonly FraudFinding[];
}

/**
 * The ids of the emails whose content is in a value, from its label's untrusted sources
 * (`tool:getEmail:e07`); an email that was only one of a listing's candidates (`#listed`)
 * contributed no text.
 */
export function mailSourceIds(untrusted: readonly string[]): string[] {
  const ids = untrusted.flatMap((s) => /^tool:(?:getEmail|listEmails|searchEmails):([^#]+)$/.exec(s)?.[1] ?? []);
  return [...new Set(ids)];
}

const lower = (s: string): string => s.charAt(0).toLowerCase() + s.slice(1);

export function answerWarnings(text: string, sources: readonly AnswerSource[], ctx: FraudContext): string[] {
  if (sources.length === 0) return [];
  const out = new Set<string>();
  const known = knownDomains(ctx);
  // Written with or without a scheme: "reset it at www.…" is followed all the same.
  for (const { host } of webAddressesIn(text)) {
    const carrying = sources.filter((s) => s.text.toLowerCase().includes(host));
    for (const s of carrying.length ? carrying : sources) {
      const sender = domainOf(s.from);
      const who = bareAddress(s.from) || 'an unknown sender';
      if (s.auth !== 'pass') out.add(`The link to ${host} comes from mail by ${who}, a sender that was not verified.`);
      else if (!withinDomain(host, sender))
        out.add(`The link to ${host} comes from mail by ${who}, but does not go to the sender's domain ${sender}.`);
      // A verified sender on its own domain can still be the fraud (a stranger's "Sven sent you a document").
      else if (s.findings?.[0])
        out.add(`The link to ${host} comes from mail by ${who} that looks like fraud: ${lower(s.findings[0].reason)}`);
    }
  }
  // The repeated text itself, as if from a verified sender: the rule above already speaks for the verdict.
  const m = { from: '', subject: '', body: text, auth: 'pass' as const };
  for (const f of [...suspiciousLinks(m, known), ...secretRequest(m), ...paymentFraud(m), ...assistantInstructions(m)])
    out.add(f.kind === 'suspicious-link' ? f.reason : `Text repeated from mail: ${lower(f.reason)}`);
  return [...out];
}
