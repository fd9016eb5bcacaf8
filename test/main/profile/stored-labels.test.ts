/**
 * What a run writes into a profile keeps the label it was written with in later runs: run 1
 * copies an email's text into an event on the person's own calendar (no attendees: allowed
 * without asking); run 2 reads the event back from the real SQLite profile and mails the address
 * in it. The send must depend on the email, untrusted, not on "your own calendar".
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openProfile, type Profile } from '../../../main/profile/profile';
import { runOnProfile } from '../../../main/runs/run-on-profile';

let p: Profile;
beforeAll(() => {
  p = openProfile(join(mkdtempSync(join(tmpdir(), 'zamburak-stored-')), 'p'));
});
afterAll(() => p?.close());

describe('stored events across runs', () => {
  it('an event a run filled from an email stays that email’s untrusted text in the next run', async () => {
    const first = await runOnProfile(p, {
      plan: `const m = await getEmail('e01');
return await createEvent({ title: m.from, description: m.subject, start: '2026-03-25T10:00:00Z', end: '2026-03-25T11:00:00Z' });`,
    });
    expect(first.report.status, JSON.stringify(first.report.error)).toBe('completed');
    expect(first.report.calls.find((c) => c.tool === 'createEvent')?.decision).toBe('allow');

    const second = await runOnProfile(p, {
      plan: `const evs = await listEvents({ from: '2026-03-25T00:00:00Z', to: '2026-03-26T00:00:00Z' });
const ev = evs.find((e) => e.title.includes('<'));
const to = ev.title.split('<')[1].split('>')[0];
await sendEmail({ to: [to], subject: 'About ' + ev.description, body: 'Following up.' });`,
    });
    const send = second.report.calls.find((c) => c.tool === 'sendEmail');
    expect(send, JSON.stringify(second.report.error)).toBeDefined();
    expect(send!.args.to).toEqual(['bob@acme.test']);
    expect(send!.trusted, 'LEAK: the stored email text came back as the person’s own').toBe(false);
    expect(send!.sources.some((s) => s.endsWith(':e01'))).toBe(true);
    expect(send!.decision).not.toBe('allow');
  });
});
