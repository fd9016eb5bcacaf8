/**
 * listEvents with `organizer` as a whole address: it filters on the organiser's address, and the
 * listing's structure depends only on the events that could have matched — that address's
 * authenticated invitations (any day: their times are the organiser's choice) and every
 * unauthenticated one (a forged organiser is text its sender chose). Memberships stay untrusted.
 */
import { describe, expect, it } from 'vitest';
import { sourceLabel } from '../../../engine/ifc/label';
import { labelDeep, plainOf, type LabeledValue } from '../../../engine/ifc/labeled-value';
import { call, smallState, toolsOf } from './harness';

const WORLD = (extra = '') => `
user: { name: Alex Doe, email: alex@acme.test }
now: "2026-03-16T09:00:00Z"
contacts: [{ name: Bob Lee, email: bob@acme.test }]
events:
  - { id: b1, title: Go/no-go, start: "2026-03-18T14:00:00Z", end: "2026-03-18T14:30:00Z", organizer: bob@acme.test, attendees: [alex@acme.test] }
  - { id: b2, title: Weekly, start: "2026-03-23T09:00:00Z", end: "2026-03-23T09:30:00Z", organizer: "Bob Lee <Bob@acme.test>", attendees: [alex@acme.test] }
  - { id: o1, title: Go/no-go, start: "2026-03-18T08:00:00Z", end: "2026-03-18T08:30:00Z", organizer: events@outsider.test, attendees: [alex@acme.test] }
  - { id: l1, title: Go/no-go, start: "2026-03-18T09:00:00Z", end: "2026-03-18T09:30:00Z", organizer: bob@acme-test.test, attendees: [alex@acme.test] }
  - { id: a1, title: Mine, start: "2026-03-18T11:00:00Z", end: "2026-03-18T11:30:00Z", organizer: alex@acme.test, attendees: [] }
${extra}`;
const FORGED = `  - { id: f1, title: "Go/no-go (moved)", authenticated: false, start: "2026-03-18T07:00:00Z", end: "2026-03-18T07:30:00Z", organizer: bob@acme.test, attendees: [alex@acme.test] }
  - { id: f2, title: Hi, authenticated: false, start: "2026-04-01T07:00:00Z", end: "2026-04-01T07:30:00Z", organizer: carol@else.test, attendees: [alex@acme.test] }`;
const WED = { from: '2026-03-18T00:00:00Z', to: '2026-03-19T00:00:00Z' };

const list = async (world: string, args: Record<string, string>): Promise<LabeledValue> =>
  call(toolsOf(smallState(world)), 'listEvents', args);
const ids = (v: LabeledValue): string[] => (plainOf(v) as { id: string }[]).map((e) => e.id);

describe('listEvents: organizer as a whole address', () => {
  it("keeps the address's events only, not a look-alike; anything else is a substring of the organizer", async () => {
    expect(ids(await list(WORLD(), { ...WED, organizer: 'BOB@acme.test' }))).toEqual(['b1']);
    expect(ids(await list(WORLD(), { ...WED, organizer: 'bob@acme' }))).toEqual(['l1', 'b1']);
  });

  it("depends on that organiser's authenticated invitations, in the window or not, and on nobody else's", async () => {
    const r = await list(WORLD(), { ...WED, organizer: 'bob@acme.test' });
    expect(r.label.untrusted).toEqual(['tool:listEvents:b1#listed', 'tool:listEvents:b2#listed']);
    // Without the filter every event decides the listing (the user's own are trusted).
    const all = await list(WORLD(), WED);
    expect(all.label.untrusted).toEqual([
      'tool:listEvents:b1#listed',
      'tool:listEvents:b2#listed',
      'tool:listEvents:l1#listed',
      'tool:listEvents:o1#listed',
    ]);
  });

  it('an invitation whose organiser was not authenticated is always a candidate, listed or not', async () => {
    const r = await list(WORLD(FORGED), { ...WED, organizer: 'bob@acme.test' });
    expect(ids(r)).toEqual(['f1', 'b1']);
    expect(r.label.untrusted).toEqual([
      'tool:listEvents:b1#listed',
      'tool:listEvents:b2#listed',
      'tool:listEvents:f1#listed',
      'tool:listEvents:f2#listed',
    ]);
    const none = await list(WORLD(FORGED), { ...WED, organizer: 'dave@acme.test' });
    expect(ids(none)).toEqual([]);
    expect(none.label.untrusted).toEqual(['tool:listEvents:f1#listed', 'tool:listEvents:f2#listed']);
  });

  it('your own address lists the events you organise, those effect calls created included', async () => {
    const state = smallState(WORLD());
    const tools = toolsOf(state);
    await call(tools, 'createEvent', { title: 'Focus', start: '2026-03-18T12:00:00Z', end: '2026-03-18T13:00:00Z' });
    const r = await call(tools, 'listEvents', { ...WED, organizer: 'alex@acme.test' });
    expect(ids(r)).toEqual(['a1', 'ev-new-1']);
  });

  it("an answer written on that organiser's invitation joins the membership with what decided it", async () => {
    const tools = toolsOf(smallState(WORLD()));
    const branch = sourceLabel('tool:getEmail:e04', { trusted: false, readers: ['zed@attacker.test'] });
    await tools
      .get('respondToEvent')!
      .run(
        { id: 'b2', response: 'tentative' },
        { id: labelDeep('b2', branch), response: labelDeep('tentative', branch) },
        { userAddresses: [], seq: 1, context: branch },
      );
    const r = await call(tools, 'listEvents', { ...WED, organizer: 'bob@acme.test' });
    expect(r.label.untrusted).toContain('tool:getEmail:e04#listed');
  });
});
