/**
 * Times the assistant writes into a reply or a draft are where the person is: read and written
 * in the profile's time zone, with its locale's clock (the plan language has no Intl, so the host
 * hands the playbook its zone), never UTC without saying so. Over a profile outside UTC, as the
 * app's Ask and `zamburak ask` run them (inputOver, then runOnProfile).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { interpret, type PlaybookMatch } from '../../../main/assistant/ask';
import { inputOver } from '../../../main/assistant/reply-writer';
import { openProfile, type Profile } from '../../../main/profile/profile';
import { runOnProfile } from '../../../main/runs/run-on-profile';

let p: Profile | undefined;
afterEach(() => p?.close());

function profileIn(timeZone: string, locale: string): Profile {
  p = openProfile(join(mkdtempSync(join(tmpdir(), 'zamburak-times-')), 'p'));
  p.setSetting('timeZone', timeZone);
  p.setSetting('locale', locale);
  return p;
}

async function ask(profile: Profile, request: string) {
  const match = interpret(request, profile.repos.contacts.list(profile.primaryAccount().id)) as PlaybookMatch;
  const r = await runOnProfile(profile, {
    plan: match.plan,
    input: inputOver(profile, match, profile.primaryAccount()),
    kind: 'playbook',
  });
  expect(r.report.status).toBe('completed');
  const body = (tool: string) => r.report.calls.find((c) => c.tool === tool)?.args.body as string | undefined;
  return { report: r.report, text: body('replyToEmail') ?? body('createDraft') ?? '' };
}

/** An instant's wall clock in a zone: `Tue 14:30`. */
const wall = (iso: string, timeZone: string): string =>
  new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(new Date(iso))
    .replace(',', '');

describe('times in drafts, in the profile zone', () => {
  it("a proposed time is read and answered in the person's zone and clock (New York, en-US)", async () => {
    // Lena: "could we push Tuesday's design review to 14:30?" The demo calendar has Maya's
    // design review on Tuesday 11:00–12:00 UTC (7:00 in New York): 14:30 in New York is free.
    const { report, text } = await ask(profileIn('America/New_York', 'en-US'), 'reply to Lena');
    expect(text).toMatch(/Yes, Tuesday at 2:30 PM works for me\./);
    expect(text).not.toMatch(/14:30/);
    expect(report.calls.find((c) => c.tool === 'replyToEmail')?.decision).toBe('confirm');
  });

  it('the same proposal in a zone where it clashes is countered with free local times (Berlin, de-DE)', async () => {
    // 14:30 in Berlin is 13:30 UTC: the demo's Tuesday has Maya busy then? Whatever the calendar
    // says, every slot offered is in Berlin's 24-hour clock, inside 9:00–17:00 there.
    const { text } = await ask(profileIn('Europe/Berlin', 'de-DE'), 'reply to Lena');
    expect(text).toMatch(/Tuesday at 14:30/);
    const offered = /instead on Tuesday: ([^?]+)\?/.exec(text)?.[1]?.split(', ') ?? [];
    for (const s of offered) expect(s).toMatch(/^(09|1[0-6]):[03]0$/);
  });

  it('slots proposed to a contact are local times that say their zone (Kolkata, en-GB)', async () => {
    const zone = 'Asia/Kolkata';
    const { report, text } = await ask(profileIn(zone, 'en-GB'), 'schedule with Lena');
    const slots = (report.result as { slots: string[] }).slots;
    expect(slots.length).toBeGreaterThan(0);
    const lines = text.split('\n').filter((l) => l.startsWith('- '));
    expect(lines).toHaveLength(slots.length);
    slots.forEach((iso, i) => {
      const [day, time] = wall(iso, zone).split(' ');
      // Working hours where the person is, written as they read them, the zone named.
      expect(Number(time!.slice(0, 2))).toBeGreaterThanOrEqual(9);
      expect(Number(time!.slice(0, 2))).toBeLessThan(17);
      expect(lines[i]).toContain(`at ${time} (${zone})`);
      expect(lines[i]).toContain(day!);
    });
    expect(text).not.toMatch(/UTC/);
  });
});
