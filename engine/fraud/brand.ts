/**
 * Mail that calls itself a well-known service: from another domain, or from the service's own
 * domain without the receiving server vouching for it (a forged From is the cheapest phishing).
 * Your contacts' domains count too when authentication failed outright; mail with no verdict at
 * all (an imported mailbox, a server that writes none) is not accused for that alone.
 */
import { parseAddress } from '../world/addresses';
import { skeleton, withinDomain } from '../sanitizers';
import { BRANDS, type Brand } from './brands';
import { domainOf, type Known } from './domains';
import { visible } from './text';
import type { FraudFinding, FraudMail } from './types';

/** Words a service adds to its name in a display name ("PayPal Service", "Microsoft 365", "DHL Express"). */
const SERVICE_WORDS =
  '(?:\\s+(?:support|security|service|services|team|accounts?|account team|billing|notifications?|alerts?|express|365|online|help|helpdesk|pay|store|id|customer service|sign|docs?|drive|no-?reply))*';

/**
 * The service a display name claims to be: its name, alone or with service words after it, read
 * as a glance reads it (confusables folded: "PаyPal", "Micr0soft") — so "PayPal Security" claims
 * PayPal and "Apple Pie Bakery" claims nothing.
 */
const claimed = (display: string): Brand | undefined => {
  const seen = skeleton(visible(display).trim());
  return claims().find(({ name }) => name.test(seen))?.brand;
};

/** Each service with the display names that claim it; made once (triage asks for every message). */
let brandClaims: readonly { readonly brand: Brand; readonly name: RegExp }[] | null = null;
const claims = () =>
  (brandClaims ??= BRANDS.map((brand) => ({
    brand,
    name: new RegExp(`^\\W*${skeleton(brand.name)}${SERVICE_WORDS}\\W*$`, 'i'),
  })));

/** Whether the sender's domain is a well-known service's (its notices naming your contacts are its own). */
export const senderIsBrand = (m: FraudMail): boolean => {
  const domain = domainOf(m.from);
  return BRANDS.some((b) => b.domains.some((d) => withinDomain(domain, d)));
};

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
