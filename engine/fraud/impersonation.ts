/**
 * Someone else's name on the sender: a contact's (or your own) display name on an address that is
 * not theirs, an address written into the display name that is not the real one, or mail that
 * says a contact sent you something while it comes from elsewhere.
 */
import { skeleton } from '../sanitizers';
import { bareAddress, parseAddress } from '../world/addresses';
import { visible } from './text';
import type { FraudContext, FraudFinding, FraudMail, Person } from './types';

/** Names compared as a glance reads them: confusables folded, case and spacing ignored. */
const norm = (s: string): string =>
  skeleton(visible(s).replace(/["'()[\],]/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

/** Whether `name` (a display name) is, or contains as whole words, the person's full name. */
function names(display: string, person: string): boolean {
  const p = norm(person);
  if (p.split(' ').length < 2) return false;
  return ` ${norm(display)} `.includes(` ${p} `);
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "Sven Berg sent you …", "Bob Lee has shared …": the opening claims a contact as the source. */
function speaksFor(text: string, person: string): boolean {
  const words = norm(person).split(' ');
  if (words.length < 2) return false;
  const re = new RegExp(
    `\\b${words.map(escape).join('\\s+')}\\b[^.\\n]{0,40}?\\b(?:sent|shared|has sent|has shared|invited|wants you)\\b`,
    'i',
  );
  return re.test(norm(text));
}

export function impersonation(m: FraudMail, ctx: FraudContext, senderIsBrand: boolean): FraudFinding[] {
  const { name, address } = parseAddress(m.from);
  const from = address.toLowerCase();
  const people: (Person & { own?: boolean })[] = [
    ...ctx.user.addresses.map((a) => ({ name: ctx.user.name, email: a, own: true })),
    ...ctx.contacts,
  ];
  const addressesOf = (n: string) => people.filter((p) => norm(p.name) === norm(n)).map((p) => bareAddress(p.email));
  const known = new Set(people.map((p) => bareAddress(p.email)));
  const out: FraudFinding[] = [];

  const shown = /[^\s<>"]+@[^\s<>"]+\.[^\s<>"]+/.exec(name)?.[0]?.toLowerCase();
  if (shown && shown !== from)
    out.push({
      kind: 'impersonation',
      reason: `The sender's name shows the address ${shown}, but the mail comes from ${from}.`,
    });

  const named = people.find((p) => p.name && names(name, p.name) && !addressesOf(p.name).includes(from));
  if (named)
    out.push({
      kind: 'impersonation',
      reason: named.own
        ? `It uses your own name, ${named.name}, but comes from ${from}, which is not one of your addresses.`
        : `It uses the name of your contact ${named.name}, but comes from ${from}, not ${bareAddress(named.email)}.`,
    });

  if (!named && !known.has(from) && !senderIsBrand) {
    const opening = `${m.subject}\n${m.body.slice(0, 300)}`;
    const claimed = ctx.contacts.find((p) => p.name && speaksFor(opening, p.name));
    if (claimed)
      out.push({
        kind: 'impersonation',
        reason: `It says your contact ${claimed.name} sent it, but it comes from ${from}, not from ${bareAddress(claimed.email)}.`,
      });
  }
  return out;
}
