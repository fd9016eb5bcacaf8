/**
 * The person's own sends through the router (`mail.send`, `mail.undo`, `mail.queued`) on the
 * demo account: what a person writes is a claim by `you`, already approved, committed by the
 * outbox after the undo window; undo inside the window sends nothing; a reply-all goes to the
 * whole conversation, and one audit entry says who sent what.
 */
import { describe, expect, it } from 'vitest';
import { demoApp } from './app-fixture';

const demo = demoApp({ engineWorker: false });
const { call } = demo;

const demoEmailWithOthers = () => {
  const account = demo.profile.primaryAccount();
  const id = demo.profile.repos.messages
    .idsOf(account.id)
    .find(
      (i) =>
        (demo.profile.repos.messages.get(i)?.to.length ?? 0) + (demo.profile.repos.messages.get(i)?.cc.length ?? 0) > 1,
    );
  return demo.profile.repos.messages.get(id!)!;
};

describe('mail.send', () => {
  it('queues, waits out the undo window, then commits once; one audit entry per send', async () => {
    demo.profile.setSetting('undoWindowSeconds', '0');
    const r = (await call('mail.send', {
      to: ['Bob Lee <bob@example.com>'],
      subject: 'Lunch',
      body: 'Thursday?',
    })) as { id: string; status: string; sendAt: string };
    expect(r.status).toBe('queued');
    expect(await call('mail.queued')).toEqual([
      { id: r.id, to: ['bob@example.com'], subject: 'Lunch', sendAt: r.sendAt, status: 'queued' },
    ]);
    await demo.app.tick();
    await demo.app.tick();
    const sent = demo.profile.repos.outgoing.sent().filter((s) => s.claimId === r.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ subject: 'Lunch', body: 'Thursday?', to: ['Bob Lee <bob@example.com>'] });
    expect(demo.profile.claims.get(r.id)).toMatchObject({ state: 'committed', rule: 'you', decidedBy: 'user' });
    const audited = demo.profile.audit.list({ kind: 'mail.sent' });
    expect(audited).toHaveLength(1);
    expect(audited[0]!.data).toMatchObject({ sentence: 'You sent "Lunch" to bob@example.com.' });
    expect(demo.profile.audit.list({ kind: 'claim.approved' })).toHaveLength(0);
    expect(await call('mail.queued')).toEqual([]);
  });

  it('undo inside the window sends nothing, and cannot be undone twice', async () => {
    demo.profile.setSetting('undoWindowSeconds', '30');
    const r = (await call('mail.send', { to: ['bob@example.com'], subject: 'Oops', body: 'x' })) as { id: string };
    await call('mail.undo', r.id);
    await demo.app.tick();
    expect(demo.profile.repos.outgoing.sent().filter((s) => s.claimId === r.id)).toEqual([]);
    expect(demo.profile.claims.get(r.id)).toMatchObject({ state: 'rejected', reason: 'undone' });
    await expect(call('mail.undo', r.id)).rejects.toMatchObject({ kind: 'conflict' });
  });

  it('a reply goes where the message said it would; one that would reach anyone else is refused', async () => {
    demo.profile.setSetting('undoWindowSeconds', '30');
    const m = demoEmailWithOthers();
    const view = (await call('inbox.get', m.id)) as { replies: { replyAll: { to: string[]; cc: string[] } } };
    const shown = view.replies.replyAll;
    expect([...shown.to, ...shown.cc].length).toBeGreaterThan(1);
    const before = demo.profile.claims.list({}).length;
    // What the composer did not show: someone added, someone dropped, someone moved to Cc.
    for (const wrong of [
      { to: [...shown.to, 'zed@attacker.test'], cc: shown.cc },
      { to: shown.to, cc: shown.cc.slice(1) },
      { to: [], cc: [...shown.to, ...shown.cc] },
    ])
      await expect(
        call('mail.send', { to: [], subject: '', body: 'b', replyTo: { id: m.id, all: true, shown: wrong } }),
      ).rejects.toMatchObject({
        kind: 'conflict',
        message: expect.stringMatching(/^replyTo: this reply would go to /),
      });
    expect(demo.profile.claims.list({})).toHaveLength(before);
    const r = (await call('mail.send', {
      to: [],
      subject: '',
      body: 'b',
      replyTo: { id: m.id, all: true, shown },
    })) as { id: string };
    expect(r.id).toMatch(/^send-/);
    await call('mail.undo', r.id);
  });

  it('a reply-all goes to the sender and every other recipient, threaded, with its prefix', async () => {
    demo.profile.setSetting('undoWindowSeconds', '0');
    const m = demoEmailWithOthers();
    const r = (await call('mail.send', { to: [], subject: '', body: 'Agreed.', replyTo: { id: m.id, all: true } })) as {
      id: string;
    };
    await demo.app.tick();
    const [sent] = demo.profile.repos.outgoing.sent().filter((s) => s.claimId === r.id);
    expect(sent!.subject).toBe(/^re:/i.test(m.subject) ? m.subject : `Re: ${m.subject}`);
    const own = [demo.profile.primaryAccount().email, ...demo.profile.primaryAccount().addresses].map((a) =>
      a.toLowerCase(),
    );
    const bare = (a: string) => (/<([^>]+)>/.exec(a)?.[1] ?? a).toLowerCase();
    const expected = [...new Set([m.from, ...m.to, ...m.cc].map(bare))].filter((a) => !own.includes(a));
    expect([...sent!.to, ...sent!.cc].map(bare).sort()).toEqual(expected.sort());
    expect(sent!.inReplyTo).toBe(m.id);
  });

  it("a governed draft sent by the person becomes theirs; the audit keeps which words were the assistant's", async () => {
    demo.profile.setSetting('undoWindowSeconds', '0');
    const m = demoEmailWithOthers();
    demo.profile.repos.outgoing.addDraft(
      demo.profile.primaryAccount().id,
      {
        id: 'd1',
        to: [m.from],
        cc: [],
        subject: `Re: ${m.subject}`,
        body: 'Thanks, I will send it on Friday.',
        inReplyTo: m.id,
        date: '2026-03-16T09:00:00Z',
      },
      null,
    );
    const r = (await call('mail.send', {
      to: [m.from],
      subject: `Re: ${m.subject}`,
      body: 'Thanks Bob, I will send it on Monday.',
      fromDraft: 'd1',
    })) as { id: string };
    await demo.app.tick();
    const [sent] = demo.profile.repos.outgoing.sent().filter((s) => s.claimId === r.id);
    expect(sent).toMatchObject({ body: 'Thanks Bob, I will send it on Monday.', inReplyTo: m.id });
    const [entry] = demo.profile.audit.list({ kind: 'mail.sent' });
    expect((entry!.data as { fromDraft: unknown }).fromDraft).toEqual({
      id: 'd1',
      runId: null,
      editedBefore: false,
      sentWords: 8,
      // "I will send it on" is the assistant's; "Thanks Bob," and "Monday." are the person's.
      assistantWords: 5,
      assistantRanges: [[2, 7]],
      unchanged: false,
    });
  });

  it('a sent draft is offered no more (a reload cannot send it twice); undoing the send offers it again', async () => {
    demo.profile.setSetting('undoWindowSeconds', '30');
    const m = demoEmailWithOthers();
    demo.profile.repos.outgoing.addDraft(
      demo.profile.primaryAccount().id,
      {
        id: 'd2',
        to: [m.from],
        cc: [],
        subject: `Re: ${m.subject}`,
        body: 'Yes.',
        inReplyTo: m.id,
        date: '2026-03-16T09:00:00Z',
      },
      null,
    );
    const drafts = async () =>
      ((await call('inbox.get', m.id)) as { drafts: { id: string }[] }).drafts.map((d) => d.id);
    const send = () => call('mail.send', { to: [m.from], subject: `Re: ${m.subject}`, body: 'Yes.', fromDraft: 'd2' });
    expect(await drafts()).toEqual(['d2']);
    const first = (await send()) as { id: string };
    // What a reload reads: the draft is gone from the message, and sending it again is refused.
    expect(await drafts()).toEqual([]);
    await expect(send()).rejects.toMatchObject({ kind: 'conflict', message: expect.stringMatching(/^fromDraft: /) });
    expect(demo.profile.claims.list({}).map((c) => c.id)).toEqual([first.id]);

    await call('mail.undo', first.id);
    expect(await drafts()).toEqual(['d2']);
    const second = (await send()) as { id: string; status: string };
    expect(second.status).toBe('queued');
    expect(await drafts()).toEqual([]);
  });

  it('refuses a bad address at its field, and an unknown original', async () => {
    await expect(call('mail.send', { to: ['bob@'], subject: 's', body: 'b' })).rejects.toMatchObject({
      kind: 'bad-request',
      message: expect.stringMatching(/^to: "bob@" is not an email address/),
    });
    await expect(
      call('mail.send', { to: [], subject: '', body: 'b', replyTo: { id: 'no-such-email' } }),
    ).rejects.toMatchObject({ kind: 'not-found' });
    expect(demo.profile.claims.list({})).toEqual([]);
  });
});
