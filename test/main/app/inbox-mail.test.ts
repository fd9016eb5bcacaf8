/**
 * The Inbox's mail-client calls behind the router, on a demo profile under plain Node: folders
 * with counts, one account or all, conversations, attachments read only from the profile's
 * attachments folder (under their safe name), and an invitation answered through the
 * calendar's respondToEvent — made and approved by the person, never by the sender's text (an
 * answer the assistant proposed is not shown as theirs while it waits in Review).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../apps/web/renderer-build';
import { runOnProfile } from '../../../main/runs/run-on-profile';
import { demoApp } from './app-fixture';
import type { StoredMessage } from '../../../main/store/repositories';

const demo = demoApp({ undoWindowSeconds: 5 });
const { call } = demo;
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: Error & { kind: string }) => ({ kind: e.kind, message: e.message }),
  );

function withAttachments(attachments: StoredMessage['attachments']): string {
  const m = demo.profile.repos.messages.get('e01')!;
  demo.profile.repos.messages.upsert({ ...m, id: 'att', threadId: 't-att', attachments });
  return 'att';
}

describe('the Inbox as a mail client, behind the router', () => {
  it('lists every folder with its counts, Inbox first, then Archive and Sent', async () => {
    const folders = (await call('inbox.folderList')) as { name: string; total: number; unread: number }[];
    expect(folders.map((f) => f.name)).toEqual(['INBOX', 'Archive', 'Sent']);
    expect(folders[0]!.total).toBeGreaterThan(40);
    expect(folders[0]!.unread).toBeGreaterThan(0);
    expect(await call('inbox.folderList', 'no-such-account')).toEqual([
      { name: 'INBOX', total: 0, unread: 0 },
      { name: 'Archive', total: 0, unread: 0 },
    ]);
  });

  it('pages conversations of one account or all, naming each row’s account', async () => {
    const all = (await call('inbox.page', { folder: 'INBOX' })) as { items: { account: string; threadSize: number }[] };
    expect(new Set(all.items.map((m) => m.account))).toEqual(new Set(['demo']));
    const none = (await call('inbox.page', { folder: 'INBOX', account: 'other' })) as { items: unknown[] };
    expect(none.items).toEqual([]);
    const sent = (await call('inbox.page', { folder: 'Sent' })) as { items: { subject: string }[] };
    expect(sent.items.map((m) => m.subject)).toContain('Renewal quote');
  });

  it('shows a conversation oldest first, across folders', async () => {
    const m = (await call('inbox.get', 'e45')) as { thread: { id: string; folder: string }[] };
    expect(m.thread.map((t) => [t.id, t.folder])).toEqual([
      ['e46', 'Sent'],
      ['e45', 'INBOX'],
    ]);
  });

  it('answers search with its highlights, operators excluded', async () => {
    const r = (await call('inbox.page', { search: 'from:kira "partnership intro"' })) as {
      items: { id: string }[];
      highlight: string[];
    };
    expect(r.highlight).toEqual(['partnership intro']);
    expect(r.items.map((m) => m.id)).toContain('e42');
  });

  it('answers search one row per conversation, like the list, with the match highlighted', async () => {
    const r = (await call('inbox.page', { search: 'renewal quote' })) as {
      items: { id: string; threadSize: number }[];
      highlight: string[];
    };
    expect(r.highlight).toEqual(['renewal', 'quote']);
    const quote = r.items.filter((m) => ['e45', 'e46'].includes(m.id));
    expect(quote).toHaveLength(1);
    expect(quote[0]!.threadSize).toBe(2);
  });

  it('reads an attachment only from the profile, under its safe name; a path outside is not found', async () => {
    mkdirSync(join(demo.profile.files.attachments, 'att'), { recursive: true });
    writeFileSync(join(demo.profile.files.attachments, 'att', 'a.txt'), 'hello');
    writeFileSync(join(demo.profile.dir, 'outside.txt'), 'secret');
    const id = withAttachments([
      { filename: '../../evil\u202e.txt', contentType: 'text/plain', size: 5, path: 'att/a.txt' },
      { filename: 'x.txt', contentType: 'text/plain', size: 6, path: '../outside.txt' },
      { filename: 'y.txt', contentType: 'text/plain', size: 6, path: '/etc/passwd' },
    ]);
    const a = (await call('inbox.attachment', id, 0)) as { filename: string; dataBase64: string };
    expect(a.filename).not.toMatch(/[/\\\u202e]/);
    expect(Buffer.from(a.dataBase64, 'base64').toString()).toBe('hello');
    for (const index of [1, 2, 3]) expect((await refusal(call('inbox.attachment', id, index)))?.kind).toBe('not-found');
    const view = (await call('inbox.get', id)) as { attachments: { size: number | null }[] };
    expect(view.attachments.map((x) => x.size)).toEqual([5, 6, 6]);
  });

  it("does not show an answer the assistant only proposed, still waiting in Review, as the person's", async () => {
    // A hostile invitation's text asks the assistant to accept: the run asks the person instead.
    const plan = readFileSync(join(REPO_ROOT, 'resources', 'attack-plans', '21-accept-intro-add-people.js'), 'utf8');
    const { report } = await runOnProfile(demo.profile, { plan, kind: 'plan' });
    const waiting = report.claims
      .map((c) => demo.profile.claims.get(c.id))
      .filter((c) => c.action.tool === 'respondToEvent' && c.action.args.id === 'ev14');
    expect(waiting.map((c) => c.state)).toEqual(['pending']);
    const m = (await call('inbox.get', 'e42')) as { invitation: { response: string | null } };
    expect(m.invitation.response).toBeNull();
  });

  it('answers an invitation through respondToEvent, approved by the person, in the undo window', async () => {
    const m = (await call('inbox.get', 'e42')) as { invitation: { eventId: string; title: string } | null };
    expect(m.invitation).toMatchObject({ eventId: 'ev14', title: 'Partnership intro' });
    const r = (await call('inbox.respond', 'e42', 'declined')) as { claimId: string; state: string };
    expect(r.state).toBe('approved');
    const claim = demo.profile.claims.get(r.claimId);
    expect(claim.action).toEqual({ tool: 'respondToEvent', args: { id: 'ev14', response: 'declined' } });
    expect(claim.decidedBy).toBe('user');
    expect(((await call('inbox.get', 'e42')) as { invitation: { response: string } }).invitation.response).toBe(
      'declined',
    );
    // Mail that invites to nothing cannot be answered.
    expect(await refusal(call('inbox.respond', 'e01', 'accepted'))).toMatchObject({ kind: 'bad-request' });
    expect(((await call('inbox.get', 'e01')) as { invitation: unknown }).invitation).toBeNull();
  });
});
