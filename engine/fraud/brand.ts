/**
 * Mail that calls itself a well-known service: from another domain, or from the service's own
 * domain without the receiving server vouching for it (a forged From is the cheapest phishing).
 * Your contacts' domains count too when authentication failed outright; mail with no verdict at
 * all (an imported mailbox, a server that writes none) is not accused for that alone.
 */
import { parseAddress } from '../world/addresses';
import { withinDomain } from '../sanitizers';
import { BRANDS, type Brand } from './brands';
import { domainOf, type Known } from './domains';
import type { FraudFinding, FraudMail } from './types';

const claimed = (display: string): Brand | undefined =>
  BRANDS.find((b) => new RegExp(`(?:^|[^a-z])${b.name.toLowerCase()}(?:$|[^a-z])`).test(display.toLowerCase()));

/** Whether the sender's domain belongs to the brand it names (for impersonation's own check). */
export function senderIsBrand(m: FraudMail): boolean {
  const b = claimed(parseAddress(m.from).name);
  const domain = domainOf(m.from);
  return b !== undefined && b.domains.some((d) => withinDomain(domain, d));
}

export function brandUnverified(m: FraudMail, known: readonly Known[]): FraudFinding[] {
  const domain = domainOf(m.from);
  const brand = claimed(parseAddress(m.from).name);
  if (brand && !brand.domains.some((d) => withinDomain(domain, d)))
    return [
      {
        kind: 'brand-unverified',
        reason: `It calls itself ${brand.name}, but comes from ${domain || 'no address'}, which is not ${brand.name}'s.`,
      },
    ];
  const owner = BRANDS.find((b) => b.domains.some((d) => withinDomain(domain, d)));
  if (owner && m.auth !== 'pass')
    return [
      {
        kind: 'brand-unverified',
        reason: `It claims to come from ${owner.name} (${domain}), but the receiving server ${m.auth === 'fail' ? 'found the sender forged' : 'did not verify the sender'}.`,
      },
    ];
  const mine = known.find((k) => withinDomain(domain, k.ascii));
  if (mine && m.auth === 'fail')
    return [
      {
        kind: 'brand-unverified',
        reason: `It claims to come from ${domain} (${mine.why}), but the receiving server found the sender forged.`,
      },
    ];
  return [];
}
