/**
 * A message opened while a first sync of a few thousand messages is still listing, against a real
 * Dovecot: the reader's body is fetched ahead of the sync's pages (the sync waits meanwhile), so
 * the open is answered before the listing goes on, and the sync still ends with every message
 * listed once and every body filled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeBodies, syncAccounts } from '../../../main/accounts/accounts';
import { dovecotMissing, rawMessage, startDovecot, type DovecotServer } from '../servers/dovecot';
import { addServerAccount, freshProfile, syncedCount } from './fixtures';

const missing = dovecotMissing();
const TOTAL = 3000;
const body = (n: number) => `Body of message ${n}: the plan for the week, in a few lines.\n`.repeat(20);

describe.skipIf(missing)('a message opened during a first sync', () => {
  let server: DovecotServer;

  beforeAll(async () => {
    server = await startDovecot();
    server.writeMaildir(
      'INBOX',
      Array.from({ length: TOTAL }, (_, i) => ({ raw: rawMessage({ n: i + 1, body: body(i + 1) }) })),
    );
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('is answered before the listing goes on, and the sync still takes every message once', async () => {
    const p = freshProfile();
    const account = await addServerAccount(p, server);
    /** What happened, in order: pages the sync stored (`headers 200`) and the open's answer. */
    const events: string[] = [];
    let opened: Promise<{ listed: number; body: string; pending: boolean }> | undefined;
    const [r] = await syncAccounts(p, {
      onPage: ({ phase, stored }) => {
        events.push(`${phase} ${stored}`);
        if (opened) return;
        // The reading pane opens the newest message as soon as it is listed.
        const [newest] = p.repos.messages.page({ folder: 'INBOX', accountId: account.id, limit: 1 }).items;
        opened = completeBodies(p, { ids: [newest!.id] }).then(() => {
          events.push('opened');
          const m = p.repos.messages.get(newest!.id)!;
          return { listed: syncedCount(p, 'INBOX'), body: m.body, pending: m.bodyPending === true };
        });
      },
    });
    events.push('synced');
    const open = await opened!;

    // The body pass filled every body but the one the open had filled already.
    expect(r?.report?.folders[0]).toMatchObject({ folder: 'INBOX', added: TOTAL, bodies: TOTAL - 1 });
    // The open came right after the first page, before the sync stored anything more.
    expect(events.slice(0, 2)).toEqual(['headers 200', 'opened']);
    expect(open.listed).toBeLessThan(TOTAL);
    expect(open.pending).toBe(false);
    expect(open.body.trim()).toBe(body(TOTAL).trim());
    // Nothing lost or doubled by the pause: every message once, every body whole.
    expect(syncedCount(p, 'INBOX')).toBe(TOTAL);
    expect(p.repos.messages.pendingBodies(account.id)).toEqual([]);
    const distinct = p.db
      .prepare(`SELECT count(DISTINCT message_id) AS n FROM messages WHERE account_id = ? AND folder = 'INBOX'`)
      .get(account.id) as { n: number };
    expect(distinct.n).toBe(TOTAL);
    p.close();
  }, 240_000);
});
