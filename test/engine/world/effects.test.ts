import { describe, expect, it } from 'vitest';
import { BOTTOM } from '../../../engine/ifc/label';
import { plainOf } from '../../../engine/ifc/labeled-value';
import { ToolError } from '../../../engine/tools/types';
import { parseWorld, WorldState } from '../../../engine/world';
import { call, SMALL_WORLD, smallState, toolsOf } from './harness';

async function script(state: WorldState): Promise<void> {
  const t = toolsOf(state);
  await call(t, 'sendEmail', { to: ['bob@acme.test'], subject: 'Hi', body: 'Hello Bob' });
  await call(t, 'replyToEmail', { id: 'm1', body: 'Yes!', replyAll: true });
  await call(t, 'createDraft', { to: 'carol@acme.test', subject: 'Draft', body: 'Later', inReplyTo: 'm1' });
  await call(t, 'createEvent', {
    title: 'Sync',
    start: '2026-03-17T10:00:00Z',
    end: '2026-03-17T10:30:00Z',
    attendees: ['bob@acme.test'],
  });
  await call(t, 'respondToEvent', { id: 'ev2', response: 'declined' });
  await call(t, 'archiveEmail', { id: 'm1' });
  await call(t, 'markRead', { id: 'm1' });
  await call(t, 'labelEmail', { id: 'm1', label: 'Lunch' });
  await call(t, 'moveEmail', { id: 'm3', folder: 'inbox' });
  await call(t, 'deleteEmail', { id: 'm2' });
  await call(t, 'log', { values: ['done', 2, { a: 1 }] });
}

describe('effects', () => {
  it('every effect tool returns a small BOTTOM-labeled result and shows up in the snapshot', async () => {
    const state = smallState();
    const t = toolsOf(state);
    const sent = await call(t, 'sendEmail', { to: ['bob@acme.test'], subject: 'Hi', body: 'Hello Bob' });
    expect(plainOf(sent)).toEqual({ ok: true, id: 'sent-1' });
    expect(sent.label).toEqual(BOTTOM);
    const draft = await call(t, 'createDraft', { to: ['bob@acme.test'], subject: 'D', body: 'x' });
    expect(plainOf(draft)).toEqual({ ok: true, id: 'draft-1', draftId: 'draft-1' });
    const ev = await call(t, 'createEvent', { title: 'T', start: '2026-03-17T10:00:00Z', end: '2026-03-17T11:00:00Z' });
    expect(plainOf(ev)).toEqual({ ok: true, id: 'ev-new-1' });
  });

  it('records sends, replies, drafts, events, responses, folder and label changes, trash, transcript', async () => {
    const state = smallState();
    await script(state);
    const snap = state.snapshot();
    expect(snap.sent).toEqual([
      {
        id: 'sent-1',
        kind: 'send',
        from: 'alex@acme.test',
        to: ['bob@acme.test'],
        cc: [],
        subject: 'Hi',
        body: 'Hello Bob',
        inReplyTo: null,
        threadId: null,
        date: '2026-03-16T09:00:00Z',
      },
      {
        id: 'sent-2',
        kind: 'reply',
        from: 'alex@acme.test',
        to: ['Bob Lee <Bob@acme.test>'],
        cc: ['carol@acme.test'],
        subject: 'Re: Lunch?',
        body: 'Yes!',
        inReplyTo: 'm1',
        threadId: 'm1',
        date: '2026-03-16T09:00:00Z',
      },
    ]);
    expect(snap.drafts).toEqual([
      {
        id: 'draft-1',
        to: ['carol@acme.test'],
        cc: [],
        subject: 'Draft',
        body: 'Later',
        inReplyTo: 'm1',
        date: '2026-03-16T09:00:00Z',
      },
    ]);
    expect(snap.events.find((e) => e.id === 'ev-new-1')).toEqual({
      id: 'ev-new-1',
      title: 'Sync',
      start: '2026-03-17T10:00:00Z',
      end: '2026-03-17T10:30:00Z',
      location: '',
      description: '',
      organizer: 'alex@acme.test',
      attendees: ['bob@acme.test'],
    });
    expect(snap.responses).toEqual([
      { eventId: 'ev2', response: 'declined', organizer: 'Eve <eve@evil.test>', date: '2026-03-16T09:00:00Z' },
    ]);
    expect(snap.changes).toEqual([
      { emailId: 'm1', action: 'archive', from: 'INBOX', to: 'Archive' },
      { emailId: 'm1', action: 'markRead' },
      { emailId: 'm1', action: 'label', label: 'Lunch' },
      { emailId: 'm3', action: 'move', from: 'Archive', to: 'INBOX' },
      { emailId: 'm2', action: 'delete', from: 'INBOX', to: 'Trash' },
    ]);
    expect(snap.emails.find((e) => e.id === 'm1')).toMatchObject({
      folder: 'Archive',
      unread: false,
      labels: ['Lunch'],
    });
    expect(snap.emails.map((e) => e.id)).toEqual(['m1', 'm3']);
    expect(snap.trash.map((e) => [e.id, e.folder])).toEqual([['m2', 'Trash']]);
    expect(snap.transcript).toEqual(['done 2 {"a":1}']);

    const eff = state.effects();
    expect(eff.sent).toHaveLength(2);
    expect(eff.events.map((e) => e.id)).toEqual(['ev2', 'ev-new-1']);
    expect(eff.trash.map((e) => e.id)).toEqual(['m2']);
  });

  it('a declined event no longer counts as busy', async () => {
    const state = smallState();
    const t = toolsOf(state);
    const range = { from: '2026-03-17T00:00:00Z', to: '2026-03-18T00:00:00Z' };
    expect(plainOf(await call(t, 'getFreeBusy', range))).toHaveLength(1);
    await call(t, 'respondToEvent', { id: 'ev2', response: 'declined' });
    expect(plainOf(await call(t, 'getFreeBusy', range))).toEqual([]);
  });

  it('unknown ids are NotFound; moving to Trash and bad events are InvalidArguments', async () => {
    const t = toolsOf(smallState());
    const kind = async (p: Promise<unknown>) =>
      p.then(
        () => 'ok',
        (e: unknown) => (e instanceof ToolError ? e.kind : String(e)),
      );
    for (const name of ['archiveEmail', 'markRead', 'deleteEmail', 'getEmail'])
      expect(await kind(call(t, name, { id: 'zz' }))).toBe('NotFound');
    expect(await kind(call(t, 'labelEmail', { id: 'zz', label: 'x' }))).toBe('NotFound');
    expect(await kind(call(t, 'replyToEmail', { id: 'zz', body: 'x' }))).toBe('NotFound');
    expect(await kind(call(t, 'respondToEvent', { id: 'zz', response: 'accepted' }))).toBe('NotFound');
    expect(await kind(call(t, 'sendEmail', { to: ['b@x.test'], subject: 's', body: 'b', inReplyTo: 'zz' }))).toBe(
      'NotFound',
    );
    expect(await kind(call(t, 'moveEmail', { id: 'm1', folder: 'trash' }))).toBe('InvalidArguments');
    expect(
      await kind(call(t, 'createEvent', { title: 'x', start: '2026-03-17T10:00:00Z', end: '2026-03-17T09:00:00Z' })),
    ).toBe('InvalidArguments');
    expect(await kind(call(t, 'sendEmail', { to: [], subject: 's', body: 'b' }))).toBe('InvalidArguments');
  });

  it('the world given to WorldState is never changed', async () => {
    const r = parseWorld(SMALL_WORLD, 'small.yaml');
    if (!r.ok) throw new Error('fixture');
    const before = JSON.stringify(r.world);
    await script(new WorldState(r.world));
    expect(JSON.stringify(r.world)).toBe(before);
  });

  it('is deterministic: two runs give identical snapshots', async () => {
    const a = smallState();
    const b = smallState();
    await script(a);
    await script(b);
    expect(JSON.stringify(a.snapshot())).toBe(JSON.stringify(b.snapshot()));
  });

  it('ids continue after those of a saved world', async () => {
    const first = smallState();
    await script(first);
    const again = new WorldState(first.snapshot());
    const t = toolsOf(again);
    expect(plainOf(await call(t, 'sendEmail', { to: ['b@x.test'], subject: 's', body: 'b' }))).toEqual({
      ok: true,
      id: 'sent-3',
    });
    expect(again.effects().sent.map((s) => s.id)).toEqual(['sent-3']);
    expect(again.effects().trash).toEqual([]);
  });
});
