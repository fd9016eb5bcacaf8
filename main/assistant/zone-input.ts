/**
 * Where the person is, for a playbook that writes times into a reply or a draft (answer.js,
 * person.js): the plan language has no Intl, so the host works out the profile's zone (its
 * `timeZone` setting, else the screen's, else this process's: main/profile/time-style.ts) as the
 * UTC offsets it takes over the days a playbook looks at, and whether the person's locale's clock
 * has AM/PM (engine/claims/when.ts, the app's one rule for times). resources/playbooks/zone.js reads it.
 */
import { clock, formatter } from '../../engine/claims/when';
import type { Json } from '../../engine/ifc/labeled-value';
import type { Profile } from '../profile/profile';
import { timeStyleOf } from '../profile/time-style';
import { accountConfig } from '../profile/world-io';
import type { Account } from '../store/repositories';

const HOUR = 3_600_000;
/** From a day before the run's now to two weeks after: answer.js looks 6 days ahead, person.js 8. */
const BEFORE_H = 24;
const AFTER_H = 14 * 24;

/** The zone's offset from UTC (minutes) at an instant, from its wall clock there. */
function offsetAt(wallClock: Intl.DateTimeFormat, ms: number): number {
  const part = Object.fromEntries(wallClock.formatToParts(ms).map((x) => [x.type, Number(x.value)]));
  const asUtc = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour! % 24, part.minute!, part.second!);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

/**
 * `{name, hour12, offsets}`: `offsets` are `[fromUtcMs, minutes]`, each in force from that instant
 * on (the first from the window's start), found hour by hour: zones change on the hour or half.
 */
export function zoneInput(p: Profile, account: Account, now: () => Date = () => new Date()): Json {
  const style = timeStyleOf(p);
  const wallClock = formatter(style, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  });
  // The run's now: the demo account keeps its world's.
  const at = Date.parse(accountConfig(account).now ?? now().toISOString());
  const start = Math.floor(at / HOUR) * HOUR - BEFORE_H * HOUR;
  const offsets: [number, number][] = [];
  for (let t = start; t <= start + (BEFORE_H + AFTER_H) * HOUR; t += HOUR / 2) {
    const minutes = offsetAt(wallClock, t);
    if (offsets.at(-1)?.[1] !== minutes) offsets.push([t, minutes]);
  }
  // The zone as the person named it: ICU may answer an older alias (Asia/Calcutta for Asia/Kolkata).
  const name = style.timeZone && knownZone(style.timeZone) ? style.timeZone : wallClock.resolvedOptions().timeZone;
  // A locale nobody named (no setting, no screen yet) keeps the 24-hour clock a template had.
  return { name, hour12: style.locale !== undefined && clock(style).hour === 'numeric', offsets };
}

function knownZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}
