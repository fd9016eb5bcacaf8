/**
 * One time format app-wide: the locale's hour cycle, a range on one day written once (the
 * renderer imports these same functions: renderer/src/time-format.ts).
 */
import { describe, expect, it } from 'vitest';
import * as engine from '../../../engine/claims/when';

const at = (hm: string) => `2026-03-19T${hm}:00Z`;
const utc = (locale: string) => ({ locale, timeZone: 'UTC' });

describe('times as a person reads them', () => {
  it.each([
    ['en-US', '9:30 AM', '9:30–9:45 AM', '11:30 AM–12:30 PM', 'Thu, Mar 19, 2026, 9:30–9:45 AM'],
    ['en-GB', '09:30', '09:30–09:45', '11:30–12:30', 'Thu, 19 Mar 2026, 09:30–09:45'],
    ['de-DE', '09:30', '09:30–09:45 Uhr', '11:30–12:30 Uhr', 'Do., 19. März 2026, 09:30–09:45 Uhr'],
    ['fr-FR', '09:30', '09:30–09:45', '11:30–12:30', 'jeu. 19 mars 2026, 09:30–09:45'],
  ])('%s: a time, a range, a range over noon, a span with its day', (locale, time, range, noon, span) => {
    const s = utc(locale);
    expect(engine.formatClock(at('09:30'), s)).toBe(time);
    expect(engine.formatClockRange(at('09:30'), at('09:45'), s)).toBe(range);
    expect(engine.formatClockRange(at('11:30'), at('12:30'), s)).toBe(noon);
    expect(engine.formatSpan(at('09:30'), at('09:45'), s)).toBe(span);
    // A lone time and the full date-time write the clock alike (en-GB: "09:30", never "9:30").
    expect(engine.formatWhen(at('09:30'), s).endsWith(time)).toBe(true);
  });

  it('in the person’s zone; across days, both ends with their day', () => {
    expect(engine.formatClockRange(at('09:30'), at('09:45'), { locale: 'en-GB', timeZone: 'Asia/Kolkata' })).toBe(
      '15:00–15:15',
    );
    expect(engine.formatSpan(at('09:30'), '2026-03-20T10:00:00Z', utc('en-US'))).toBe(
      'Thu, Mar 19, 2026, 9:30 AM to Fri, Mar 20, 2026, 10:00 AM',
    );
  });

  it('an unknown locale or zone falls back to the host’s; what is not a time stays as it is', () => {
    expect(engine.formatClock(at('09:30'), { locale: 'en-US', timeZone: 'Nowhere/Else' })).toMatch(/9:30/);
    expect(engine.formatClock('soon', utc('en-US'))).toBe('soon');
    expect(engine.formatSpan('soon', '', utc('en-US'))).toBe('soon');
  });
});
