/**
 * forwardEmail and updateEvent (contracts.md, "More tools") over the demo world under the
 * default policy: what runs on its own, what asks, what the world records, and labels that
 * survive a round trip through the calendar.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Policy } from '../../../engine/policy';
import { loadWorld, simulate } from '../../../engine/run/simulate';
import { UNTRUSTED_UPDATES } from '../../security/untrusted-updates';

const DEMO = join(process.cwd(), 'resources/demo-world.yaml');
const run = async (...args: [string] | [Policy, string]) => {
  const world = loadWorld(readFileSync(DEMO, 'utf8'), DEMO);
  const r = await simulate(args.length === 1 ? { plan: args[0], world } : { policy: args[0], plan: args[1], world });
  return { ...r, world };
};
const decision = (r: Awaited<ReturnType<typeof run>>, tool: string) => r.report.calls.find((c) => c.tool === tool);

describe('forwardEmail', () => {
  it('to yourself runs on its own and sends the original, quoted', async () => {
    const r = await run(`await forwardEmail('e04', { to: ['maya@acme.test'], body: 'for later' }); return 'ok';`);
    expect(decision(r, 'forwardEmail')).toMatchObject({ decision: 'allow', rule: 'egress/to-self' });
    expect(r.effects.sent).toHaveLength(1);
    expect(r.effects.sent[0]).toMatchObject({ kind: 'forward', to: ['maya@acme.test'] });
    expect(r.effects.sent[0]!.subject).toMatch(/^Fwd: /);
    expect(r.effects.sent[0]!.body).toMatch(/^for later\n\n---------- Forwarded message ----------/);
  });

  it('to anyone else asks first, whatever the plan says, and sends nothing', async () => {
    const r = await run(`await forwardEmail('e02', { to: ['bob@acme.test'] }); return 'ok';`);
    expect(decision(r, 'forwardEmail')).toMatchObject({ decision: 'confirm', rule: 'forward/original-content' });
    expect(r.report.claims).toHaveLength(1);
    expect(r.effects.sent).toHaveLength(0);
  });
});

describe('updateEvent', () => {
  it('moves an event of yours without attendees on its own', async () => {
    const r = await run(
      `await updateEvent('ev13', { start: '2026-03-19T15:00:00Z', end: '2026-03-19T16:00:00Z' }); return 'ok';`,
    );
    expect(decision(r, 'updateEvent')).toMatchObject({ decision: 'allow', rule: 'calendar/update-no-attendees' });
    expect(r.world.findEvent('ev13')).toMatchObject({ start: '2026-03-19T15:00:00Z', end: '2026-03-19T16:00:00Z' });
    expect(r.effects.events.map((e) => e.id)).toEqual(['ev13']);
  });

  it('moving your meeting with a contact, as asked, runs; because an email said so, asks', async () => {
    const asked = await run(
      `await updateEvent('ev02', { start: '2026-03-16T15:00:00Z', end: '2026-03-16T15:30:00Z' }); return 1;`,
    );
    expect(decision(asked, 'updateEvent')).toMatchObject({ decision: 'allow', rule: 'egress/trusted' });
    const steered = await run(`const m = await getEmail('e04');
if (m.body.includes('Wednesday')) { await updateEvent('ev02', { start: '2026-03-18T14:00:00Z', end: '2026-03-18T15:00:00Z' }); }
return 1;`);
    expect(decision(steered, 'updateEvent')).toMatchObject({ decision: 'confirm' });
    expect(steered.world.findEvent('ev02')!.start).not.toBe('2026-03-18T14:00:00Z');
  });

  it('adding someone an email named asks first', async () => {
    const r = await run(`const m = await getEmail('e04');
const who = m.from.slice(m.from.indexOf('<') + 1, m.from.indexOf('>'));
await updateEvent('ev02', { addAttendees: [who] });
return 1;`);
    expect(decision(r, 'updateEvent')).toMatchObject({ decision: 'confirm', rule: 'calendar/untrusted-attendees' });
  });

  it("refuses to change someone else's event", async () => {
    const r = await run(
      `try { await updateEvent('ev01', { title: 'Cancelled' }); return 'changed'; } catch (e) { return 'refused'; }`,
    );
    expect(r.report.result).toBe('refused');
    expect(r.world.findEvent('ev01')!.title).toBe('Daily standup');
  });

  it('an event changed from untrusted data comes back untrusted from listEvents', async () => {
    // The default policy asks before an email's text changes your appointment; a policy that lets
    // it through (the rule as it was, by id) shows what the world remembers of such a change.
    const r = await run(
      UNTRUSTED_UPDATES,
      `const m = await getEmail('e04');
await updateEvent('ev13', { title: m.subject });
const evs = await listEvents({ from: '2026-03-01T00:00:00Z', to: '2026-04-30T00:00:00Z' });
const mine = evs.find((e) => e.id === 'ev13');
await sendEmail({ to: ['bob@acme.test'], subject: mine.title, body: 'x' });
return 1;`,
    );
    const send = decision(r, 'sendEmail')!;
    expect(send.decision).not.toBe('allow');
    expect(send.sources.join(' ')).toContain('e04');
  });
});
