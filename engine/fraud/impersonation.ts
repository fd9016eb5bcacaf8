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

/**
 * A name compared, and the pattern of a contact claimed as a source, made once per name: every
 * message is compared with every contact (a triage of 320 messages normalised each contact's
 * name and made its pattern over and over). Both are pure functions of the name; bounded.
 */
const KEPT_NAMES = 4096;
const normedNames = new Map<string, string>();
const speakers = new Map<string, RegExp | null>();
function kept<T>(table: Map<string, T>, key: string, make: (key: string) => T): T {
  if (table.has(key)) return table.get(key) as T;
  if (table.size >= KEPT_NAMES) table.clear();
  const made = make(key);
  table.set(key, made);
  return made;
}
/** A person's name: as `norm`, with dots, dashes and underscores between words read as spaces (`sven.berg`, `Anne-Marie`). */
const normName = (s: string): string => kept(normedNames, s, (n) => norm(n.replace(/[._-]+/g, ' ')));

/**
 * A display name as a glance reads it (normalised, a space at each end): as written, and with its
 * parts swapped when a comma splits it in two, the order company directories write names in
 * (`Berg, Sven` is Sven Berg; red-team round 24).
 */
function readings(name: string): string[] {
  // A note in brackets (`Berg, Sven (CFO)`) is not part of either half.
  const swapped = /^([^,]+),([^,]+)$/.exec(name.replace(/\([^()]*\)|\[[^[\]]*\]/g, ' ').trim());
  return [name, ...(swapped ? [`${swapped[2]} ${swapped[1]}`] : [])].map((n) => ` ${normName(n)} `);
}

/** Whether a display name (`shown`: normalised, a space at each end) is, or contains as whole words, the person's full name. */
function names(shown: string, person: string): boolean {
  const p = normName(person);
  if (p.split(' ').length < 2) return false;
  return shown.includes(` ${p} `);
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "Sven Berg sent you …", "Bob Lee has shared …": the opening claims a contact as the source. */
const speakerPattern = (person: string): RegExp | null =>
  kept(speakers, person, () => {
    const words = norm(person).split(' ');
    if (words.length < 2) return null;
    return new RegExp(
      `\\b${words.map(escape).join('\\s+')}\\b[^.\\n]{0,40}?\\b(?:sent|shared|has sent|has shared|invited|wants you)\\b`,
      'i',
    );
  });

/** Whether the opening (`text`, normalised) names the person as its source. */
const speaksFor = (text: string, person: string): boolean => speakerPattern(person)?.test(text) ?? false;

export function impersonation(m: FraudMail, ctx: FraudContext, senderIsBrand: boolean): FraudFinding[] {
  const { name, address } = parseAddress(m.from);
  const from = address.toLowerCase();
  const people: (Person & { own?: boolean })[] = [
    ...ctx.user.addresses.map((a) => ({ name: ctx.user.name, email: a, own: true })),
    ...ctx.contacts,
  ];
  const addressesOf = (n: string) =>
    people.filter((p) => normName(p.name) === normName(n)).map((p) => bareAddress(p.email));
  const known = new Set(people.map((p) => bareAddress(p.email)));
  const out: FraudFinding[] = [];

  const shown = /[^\s<>"]+@[^\s<>"]+\.[^\s<>"]+/.exec(name)?.[0]?.toLowerCase();
  if (shown && shown !== from)
    out.push({
      kind: 'impersonation',
      reason: `The sender's name shows the address ${shown}, but the mail comes from ${from}.`,
    });

  const shownNames = readings(name);
  const named = people.find(
    (p) => p.name && shownNames.some((shown) => names(shown, p.name)) && !addressesOf(p.name).includes(from),
  );
  if (named)
    out.push({
      kind: 'impersonation',
      reason: named.own
        ? `It uses your own name, ${named.name}, but comes from ${from}, which is not one of your addresses.`
        : `It uses the name of your contact ${named.name}, but comes from ${from}, not ${bareAddress(named.email)}.`,
    });

  if (!named && !known.has(from) && !senderIsBrand) {
    const opening = norm(`${m.subject}\n${m.body.slice(0, 300)}`);
    const claimed = ctx.contacts.find((p) => p.name && speaksFor(opening, p.name));
    if (claimed)
      out.push({
        kind: 'impersonation',
        reason: `It says your contact ${claimed.name} sent it, but it comes from ${from}, not from ${bareAddress(claimed.email)}.`,
      });
  }
  return out;
}
