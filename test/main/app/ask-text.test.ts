/**
 * The daily brief in Ask, over the demo profile: text a person reads (the date, the agenda, what
 * needs a reply, what looks suspicious and why), each line with where its own part came from.
 * Today's date and your own calendar are your own data even though the brief also lists mail.
 */
import { describe, expect, it } from 'vitest';
import { demoApp } from './app-fixture';
import type { AskResult, ClaimView } from '../../../preload/contract';

const demo = demoApp();
const { call } = demo;

describe('the daily brief as text', () => {
  it('reads as a brief, with provenance per line, not one label for the whole result', async () => {
    await call('app.display', { locale: 'en-GB', timeZone: 'UTC' });
    await call('inbox.triage');
    const r = (await call('ask.run', 'give me my daily brief')) as AskResult;
    expect(r.status).toBe('completed');
    const line = (t: string | RegExp) => r.text.find((l) => (typeof t === 'string' ? l.text === t : t.test(l.text)))!;
    // The date and the events you organised are your own data; another's event names its organiser.
    expect(line('Mon, 16 Mar 2026')).toMatchObject({ provenance: 'your own data', untrusted: false }); // en-GB's day
    expect(line('14:00–14:45 Globex renewal call')).toMatchObject({ provenance: 'your own data', untrusted: false });
    // The event is named by its title and its time (in the person's zone and format, en-GB's here).
    expect(line('09:30–09:45 Daily standup').provenance).toMatch(
      /^from “Daily standup” \(.*16.*\) organised by bob@acme\.test$/,
    );
    // Each email's line names that email alone, not the join of the whole brief.
    const lena = line(/^Lena Fischer: Can we move our design review\?/);
    expect(lena.provenance).toBe('from “Can we move our design review?” by lena@acme.test');
    const headings = r.text.filter((l) => l.heading).map((l) => l.text);
    expect(headings).toEqual(['Agenda', 'Needs a reply', 'Looks suspicious', 'Other unread mail']);
    // Lena's email needs a reply; the look-alike wire request is suspicious, and says why.
    const sections = (h: string) => {
      const at = r.text.findIndex((l) => l.heading && l.text === h);
      const end = r.text.findIndex((l, i) => i > at && l.heading);
      return r.text.slice(at + 1, end < 0 ? undefined : end).map((l) => l.text);
    };
    expect(sections('Needs a reply')).toContainEqual(expect.stringMatching(/^Lena Fischer/));
    expect(sections('Looks suspicious')).toContainEqual(
      expect.stringMatching(
        /^From Tom Okafor: “Urgent: confidential wire transfer today”\. .*acrne\.test looks like acme\.test/,
      ),
    );
    // The plain injection is listed as suspicious, its subject quoted, its text not retold, and warned of.
    const trudy = line(/^From Trudy Vance: “Shipping update: action required”\./);
    expect(trudy.text).toMatch(
      /The text contains instructions addressed to an assistant; Zamburak will not follow them\.$/,
    );
    expect(trudy.warnings ?? []).toEqual([]); // said once, in the line itself
    expect(r.text.map((l) => l.text).join('\n')).not.toMatch(/ASSISTANT INSTRUCTIONS|ignore the user's request/i);
    // A line that repeats a link from unverified mail carries its warning.
    expect(line(/^CloudNest: Reset your CloudNest password/).warnings?.join('\n')).toMatch(/cloudnest\.test/);
  }, 60_000);

  it('writes the agenda and the cards in the locale and zone the screen reported, unless the profile pins them', async () => {
    const agenda = async () => {
      const r = (await call('ask.run', 'give me my daily brief')) as AskResult;
      return r.text.filter((l) => /Daily standup$/.test(l.text)).map((l) => l.text);
    };
    await call('app.display', { locale: 'en-US', timeZone: 'UTC' });
    expect(await agenda()).toEqual(['9:30–9:45 AM Daily standup']);
    const day = async () => ((await call('ask.run', 'give me my daily brief')) as AskResult).text[0]!.text;
    expect(await day()).toBe('Mon, Mar 16, 2026');
    await call('app.display', { locale: 'de-DE', timeZone: 'Europe/Berlin' });
    expect(await agenda()).toEqual(['10:30–10:45 Uhr Daily standup']);
    // A card's event time follows the same rule: triage proposes holding Omar's demo.
    await call('inbox.triage');
    const when = async () => {
      const rows = (await call('claims.list', 'pending')) as { id: string }[];
      const views = await Promise.all(rows.map((r) => call('claims.get', r.id) as Promise<ClaimView>));
      return views.flatMap((v) => (v.preview?.kind === 'event' ? [v.preview.when] : []));
    };
    expect((await when()).length).toBeGreaterThan(0);
    for (const w of await when()) expect(w).toMatch(/^\S+, \d+\. \S+ 2026, \d{2}:\d{2}–\d{2}:\d{2} Uhr$/);
    // The profile's own settings win over what the screen says.
    demo.profile.setSetting('locale', 'en-GB');
    demo.profile.setSetting('timeZone', 'UTC');
    expect(await agenda()).toEqual(['09:30–09:45 Daily standup']);
    for (const w of await when()) expect(w).toMatch(/^\w{3}, \d+ \w{3} 2026, \d{2}:\d{2}–\d{2}:\d{2}$/);
  }, 60_000);
});
