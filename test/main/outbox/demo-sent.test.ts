/**
 * The demo account files what it sends in its Sent folder, as a real account's Sent folder holds
 * what SMTP sent: a person's send and an approved plan's send both appear there (and in a plan's
 * `listEmails({folder: 'Sent'})`), and a send interrupted after the message was filed is found
 * there by its Message-ID, not sent a second time.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { localTransport } from '../../../main/outbox/local-transport';
import { Outbox } from '../../../main/outbox/outbox';
import { openProfile, type Profile } from '../../../main/profile/profile';
import { runOnProfile } from '../../../main/runs/run-on-profile';
import { createServices } from '../../../main/services/services';

let clockAt = new Date('2026-03-16T09:00:00Z');
const clock = () => clockAt;
const opened: Profile[] = [];
const fresh = () => {
  const p = openProfile(join(mkdtempSync(join(tmpdir(), 'zamburak-demo-sent-')), 'p'), { clock });
  opened.push(p);
  return p;
};
afterEach(() => {
  for (const p of opened.splice(0)) p.close();
  clockAt = new Date('2026-03-16T09:00:00Z');
});

const sentFolder = (p: Profile) => p.repos.messages.page({ folder: 'Sent', accountId: p.primaryAccount().id }).items;

describe('the demo account files its sends in Sent', () => {
  it("a person's send appears in Sent once the outbox sent it", async () => {
    const p = fresh();
    const s = createServices(p, { clock });
    const before = sentFolder(p).length;
    const { id } = s.send.send(
      { to: ['bob@acme.test'], subject: 'Lunch on Friday', body: 'Shall we meet at noon?' },
      { by: 'test' },
    );
    clockAt = new Date(clockAt.getTime() + 60 * 60_000);
    expect((await s.claims.commitDue()).map((o) => o.claimId)).toEqual([id]);
    const sent = sentFolder(p);
    expect(sent).toHaveLength(before + 1);
    const m = sent.find((x) => x.subject === 'Lunch on Friday');
    expect(m).toMatchObject({ folder: 'Sent', to: ['bob@acme.test'], unread: false, from: p.primaryAccount().email });
    expect(p.repos.messages.get(m!.id)?.body).toBe('Shall we meet at noon?');
    expect(m!.messageId).toBe(p.claims.outboxEntry(id)?.messageId);
    // A plan reads it where it reads a real account's Sent folder.
    const run = await runOnProfile(
      p,
      { plan: `return (await listEmails({ folder: 'Sent' })).map((m) => m.subject);` },
      clock,
    );
    expect(run.report.result).toContain('Lunch on Friday');
  });

  it("a plan's send appears in Sent, whether it ran on its own or was approved", async () => {
    const p = fresh();
    const s = createServices(p, { clock });
    const own = await runOnProfile(
      p,
      { plan: `await sendEmail({ to: ['eve@elsewhere.test'], subject: 'Figures', body: 'Here are the figures.' });` },
      clock,
    );
    expect(own.report.calls.map((c) => c.executed)).toEqual([true]);
    const asked = await runOnProfile(
      p,
      {
        plan: `const m = await getEmail('e33');
await sendEmail({ to: ['bob@acme.test'], subject: 'Customs', body: m.body });`,
      },
      clock,
    );
    const claim = asked.report.claims[0];
    expect(claim, "a send of an email's text asks first").toBeDefined();
    s.claims.approve(claim!.id, { by: 'test', undoWindowMs: 0 });
    expect((await s.claims.commitDue()).map((o) => o.outcome)).toEqual(['sent']);
    const sent = sentFolder(p);
    expect(sent.filter((m) => m.subject === 'Figures')).toMatchObject([{ to: ['eve@elsewhere.test'] }]);
    expect(sent.filter((m) => m.subject === 'Customs')).toMatchObject([
      { to: ['bob@acme.test'], messageId: p.claims.outboxEntry(claim!.id)?.messageId },
    ]);
  });

  it('a send interrupted after the message was filed is reconciled, not sent twice', async () => {
    const p = fresh();
    const s = createServices(p, { clock });
    const { id } = s.send.send({ to: ['bob@acme.test'], subject: 'Only once', body: 'Once.' }, { by: 'test' });
    clockAt = new Date(clockAt.getTime() + 60 * 60_000);
    // A committer takes the row, files the message, and dies before it can say so.
    const [due] = p.claims.due(clock());
    expect(p.claims.take(due!, clock(), 1_000)).toBe(1);
    const entry = p.claims.outboxEntry(id)!;
    await localTransport(p, clock).commit({
      claimId: id,
      action: due!.action,
      contentHash: due!.contentHash,
      messageId: entry.messageId,
      attempt: 1,
    });
    clockAt = new Date(clockAt.getTime() + 60_000);
    const outbox = new Outbox(p.claims, new Map([['local', localTransport(p, clock)]]), { now: clock });
    expect((await outbox.processDue()).map((o) => o.outcome)).toEqual(['reconciled']);
    expect(sentFolder(p).filter((m) => m.subject === 'Only once')).toHaveLength(1);
    expect(p.repos.outgoing.sent(p.primaryAccount().id).filter((x) => x.subject === 'Only once')).toHaveLength(1);
    expect(p.claims.get(id).state).toBe('committed');
  });
});
