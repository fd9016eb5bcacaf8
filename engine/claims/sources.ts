/** Source ids (`tool:getEmail:e12`, `tool:listEvents:ev3#listed`) and the items they name, in words. */
import { bareAddress as bare } from '../world';
import type { Directory } from './explain';

export const emailIdOf = (source: string): string | null =>
  /^tool:(?:getEmail|listEmails|searchEmails):(.+?)(#listed)?$/.exec(source)?.[1] ?? null;
export const eventIdOf = (source: string): string | null =>
  /^tool:listEvents:(.+?)(#listed)?$/.exec(source)?.[1] ?? null;

/** The email or event a source names, in words; null for anything else. */
export function describeSource(source: string, dir: Directory): string | null {
  const e = emailIdOf(source);
  if (e) {
    const ref = dir.email(e);
    return ref
      ? `the email “${ref.subject}” from ${bare(ref.from)}${ref.fromIsContact ? '' : ' (not in your contacts)'}`
      : `an email (${e})`;
  }
  const ev = eventIdOf(source);
  if (ev) {
    const ref = dir.event(ev);
    return ref ? `the event “${ref.title}” organised by ${bare(ref.organizer)}` : `an event (${ev})`;
  }
  return null;
}
