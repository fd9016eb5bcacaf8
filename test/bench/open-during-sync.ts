/**
 * A message opened while a first sync is still listing (issue 23): the newest message's body
 * fetched on demand as the reading pane does (`completeBodies`), started as soon as the newest 200
 * are listed, timed from that moment to its answer; beside it, how many messages the sync had
 * listed by then and when the listing ended. Real Dovecot, generated mailbox (test/bench/mailbox.ts).
 * `npx tsx test/bench/open-during-sync.ts [messages=20000] [repetitions=3]`; prints, writes nothing.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { completeBodies, syncAccounts } from '../../main/accounts/accounts';
import { DOVECOT_BIN, startDovecot } from '../integration/servers/dovecot';
import { imapProfile, seedDovecot } from './mailbox';

const n = Number(process.argv[2] ?? 20_000);
const reps = Number(process.argv[3] ?? 3);

if (!existsSync(DOVECOT_BIN)) {
  console.log(`skipped: Dovecot is not installed (${DOVECOT_BIN})`);
} else {
  const server = await startDovecot();
  try {
    await seedDovecot(server, n);
    for (let i = 0; i < reps; i++) {
      const dir = mkdtempSync(join(tmpdir(), 'zamburak-open-'));
      const p = await imapProfile(dir, server);
      const t0 = performance.now();
      let open: Promise<{ ms: number; listedThen: number }> | undefined;
      let listedMs = 0;
      await syncAccounts(p, {
        headersOnly: true,
        onPage: ({ folder, stored }) => {
          listedMs = performance.now() - t0;
          if (open || folder !== 'INBOX' || stored < 200) return;
          const account = p.repos.accounts.list().find((x) => x.transport === 'imap')!;
          const [newest] = p.repos.messages.page({ folder: 'INBOX', accountId: account.id, limit: 1 }).items;
          const start = performance.now();
          open = completeBodies(p, { ids: [newest!.id] }).then(() => ({
            ms: performance.now() - start,
            listedThen: (
              p.db.prepare('SELECT count(*) AS c FROM messages WHERE remote_uid IS NOT NULL').get() as { c: number }
            ).c,
          }));
        },
      });
      const o = await open!;
      console.log(
        `${n} messages: open answered in ${Math.round(o.ms)} ms (${o.listedThen} listed by then); ` +
          `listing ended after ${Math.round(listedMs)} ms; load ${loadavg()
            .map((x) => x.toFixed(1))
            .join(' ')}`,
      );
      p.close();
      rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    await server.stop();
  }
}
