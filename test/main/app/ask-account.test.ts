/**
 * Ask and Triage follow the account the person has selected (the Inbox's switcher): a second
 * account's request reads and triages that account's mail only, names it in the answer, and an
 * id that names no account is refused rather than answered from another one.
 */
import { describe, expect, it } from 'vitest';
import { addWorkAccount, demoApp, WORK_ACCOUNT as WORK } from './app-fixture';
import { message } from '../store/message-fixture';

const demo = demoApp({
  undoWindowSeconds: 0,
  prepare: (profile) => {
    addWorkAccount(profile);
    const recent = new Date(Date.now() - 3_600_000).toISOString();
    for (const [id, subject] of [
      ['w1', 'Budget review moved to Thursday'],
      ['w2', 'Weekly newsletter: office plants'],
    ])
      profile.repos.messages.upsert(
        message(id, { accountId: WORK, subject, to: ['me@work.test'], from: 'Lee <lee@work.test>', date: recent }),
      );
  },
});
const { call } = demo;
const untriaged = (accountId: string) => demo.profile.repos.messages.categoryCounts('INBOX', accountId).untriaged ?? 0;
const runAccounts = () =>
  demo.profile.audit.list({ kind: 'run.started' }).map((e) => (e.data as { account: string }).account);

describe('Ask and Triage over the selected account', () => {
  it('triages the selected account only, or every account from the unified inbox', async () => {
    const primary = demo.profile.primaryAccount().id;
    expect(primary).not.toBe(WORK);
    const before = untriaged(primary);
    expect(before).toBeGreaterThan(0);
    const r = (await call('inbox.triage', WORK)) as { triaged: number };
    expect(r.triaged).toBe(2);
    expect(untriaged(WORK)).toBe(0);
    expect(untriaged(primary)).toBe(before);
    expect(new Set(runAccounts())).toEqual(new Set(['work']));

    // A question: its draft reply is numbered after every account's drafts (the demo's too), not
    // only this account's, so the two accounts' drafts never share an id.
    demo.profile.repos.messages.upsert(
      message('w3', { accountId: WORK, subject: 'Lunch on Friday?', body: 'Can you make it?', to: ['me@work.test'] }),
    );
    const all = (await call('inbox.triage')) as { triaged: number };
    expect(all.triaged).toBe(before + 1);
    expect(untriaged(primary)).toBe(0);
    expect(untriaged(WORK)).toBe(0);
    const drafts = [primary, WORK].flatMap((a) => demo.profile.repos.outgoing.drafts(a).map((d) => d.id));
    expect(demo.profile.repos.outgoing.drafts(WORK).map((d) => d.inReplyTo)).toContain('w3');
    expect(new Set(drafts).size).toBe(drafts.length);
  });

  it('answers a request from the selected account’s mail and names that account', async () => {
    const r = (await call('ask.run', 'give me my daily brief', WORK)) as {
      account: { id: string; name: string; email: string };
      status: string;
    };
    expect(r.account).toEqual({ id: WORK, name: 'work', email: 'me@work.test' });
    expect(r.status).toBe('completed');
    expect(runAccounts()).toEqual(['work']);

    // Nothing chosen: the primary account, named as such.
    const primary = demo.profile.primaryAccount();
    const d = (await call('ask.run', 'give me my daily brief')) as { account: { id: string } };
    expect(d.account.id).toBe(primary.id);
    expect(new Set(runAccounts())).toEqual(new Set(['work', primary.name]));

    const t = (await call('ask.run', 'triage my inbox', WORK)) as { account: { id: string } };
    expect(t.account.id).toBe(WORK);
    expect(untriaged(WORK)).toBe(0);
  });

  it('refuses an account that does not exist instead of answering from another', async () => {
    await expect(call('ask.run', 'give me my daily brief', 'gone')).rejects.toMatchObject({ kind: 'not-found' });
    await expect(call('inbox.triage', 'gone')).rejects.toMatchObject({ kind: 'not-found' });
    expect(runAccounts()).toEqual([]);
  });
});
