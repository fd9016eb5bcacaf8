/**
 * IMAP first sync, next to its baseline on the same mailbox in the same run: raw imapflow
 * fetching every message's full source (what any client must download) vs our first sync end
 * to end (fetch, parse, sanitise, attachments, store in page transactions), parsing in a warm
 * worker pool and on the main thread. Runs against a real
 * Dovecot (skipped, saying so, when it is not installed); interleaved repetitions, medians.
 * Nothing here asserts on time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addAccount, syncAccounts } from '../../main/accounts/accounts';
import { ParsePool, type Parser } from '../../main/mail/parse-pool';
import { openProfile } from '../../main/profile/profile';
import { DOVECOT_BIN, rawMessage, startDovecot } from '../integration/servers/dovecot';
import { existsSync } from 'node:fs';

export interface SyncBench {
  messages: number;
  avgBytes: number;
  rawFetchPerSecond: number;
  /** Parsing in worker threads (the default). */
  firstSyncPerSecond: number;
  /** Parsing on the main thread. */
  firstSyncInlinePerSecond: number;
  /** Our first sync's time over the raw fetch's. */
  ratio: number;
  inlineRatio: number;
  samplesMs: { raw: number[]; sync: number[]; inline: number[] };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

/** A realistic message: a text and an HTML alternative of a few KB. */
function benchMessage(n: number): string {
  const para = `Paragraph ${n}: the quarterly numbers, the release plan and the meeting notes follow. `.repeat(12);
  return rawMessage({ n }).replace(
    'Content-Type: text/plain; charset=utf-8\r\n\r\n' + `Body of message ${n}.`,
    [
      'Content-Type: multipart/alternative; boundary=alt',
      '',
      '--alt',
      'Content-Type: text/plain; charset=utf-8',
      '',
      para,
      '--alt',
      'Content-Type: text/html; charset=utf-8',
      '',
      `<html><body><p>${para}</p><img src="https://tracker.test/${n}.gif"></body></html>`,
      '--alt--',
    ].join('\r\n'),
  );
}

export async function benchSync(n = 2000, reps = 3): Promise<SyncBench | null> {
  if (!existsSync(DOVECOT_BIN)) return null;
  const server = await startDovecot();
  try {
    const raws = Array.from({ length: n }, (_, i) => benchMessage(i + 1));
    server.writeMaildir(
      'INBOX',
      raws.map((raw) => ({ raw })),
    );
    const rawFetch = async () => {
      const c = await server.client();
      const lock = await c.getMailboxLock('INBOX');
      let got = 0;
      for await (const m of c.fetch('1:*', { uid: true, flags: true, source: true })) if (m.source) got++;
      lock.release();
      await c.logout();
      if (got !== n) throw new Error(`raw fetch got ${got} of ${n}`);
    };
    const firstSync = async (parse: Parser | undefined) => {
      const dir = mkdtempSync(join(tmpdir(), 'zamburak-bench-sync-'));
      const p = openProfile(join(dir, 'p'));
      await addAccount(p, {
        name: 'bench',
        email: 'alice@example.test',
        imap: { host: server.host, port: server.port, security: 'plain', user: server.user },
        password: server.password,
      });
      const t0 = performance.now();
      const [r] = await syncAccounts(p, { folders: ['INBOX'], ...(parse ? { parse } : {}) });
      const elapsed = performance.now() - t0;
      if (r?.report?.folders[0]?.added !== n) throw new Error(`first sync: ${JSON.stringify(r?.error ?? r?.report)}`);
      p.close();
      rmSync(dir, { recursive: true, force: true });
      return elapsed;
    };
    const time = async (f: () => Promise<unknown>) => {
      const t0 = performance.now();
      await f();
      return performance.now() - t0;
    };
    await rawFetch(); // warm-up: Dovecot's index and the page cache
    // A long-lived pool, as the app keeps one: worker start-up is not part of a pass.
    const pool = new ParsePool();
    await firstSync(pool.parse);
    await firstSync(undefined);
    const samples = { raw: [] as number[], sync: [] as number[], inline: [] as number[] };
    for (let i = 0; i < reps; i++) {
      samples.raw.push(await time(rawFetch));
      samples.sync.push(await firstSync(pool.parse));
      samples.inline.push(await firstSync(undefined));
    }
    await pool.close();
    const raw = median(samples.raw);
    const sync = median(samples.sync);
    const inline = median(samples.inline);
    return {
      messages: n,
      avgBytes: Math.round(raws.reduce((s, r) => s + r.length, 0) / n),
      rawFetchPerSecond: Math.round((n / raw) * 1000),
      firstSyncPerSecond: Math.round((n / sync) * 1000),
      firstSyncInlinePerSecond: Math.round((n / inline) * 1000),
      ratio: round(sync / raw),
      inlineRatio: round(inline / raw),
      samplesMs: {
        raw: samples.raw.map((x) => round(x)),
        sync: samples.sync.map((x) => round(x)),
        inline: samples.inline.map((x) => round(x)),
      },
    };
  } finally {
    await server.stop();
  }
}

export function printSync(r: SyncBench | null): void {
  if (!r) {
    console.log(`IMAP first sync: skipped (Dovecot is not installed: ${DOVECOT_BIN})`);
    return;
  }
  console.log(
    `IMAP first sync of ${r.messages.toLocaleString('en')} messages (~${r.avgBytes} bytes): ` +
      `${r.firstSyncPerSecond.toLocaleString('en')} msg/s end to end (parsing in workers) vs raw imapflow full-source fetch ` +
      `${r.rawFetchPerSecond.toLocaleString('en')} msg/s (${r.ratio}x the raw time; parsing on the main thread ` +
      `${r.firstSyncInlinePerSecond.toLocaleString('en')} msg/s, ${r.inlineRatio}x)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) printSync(await benchSync());
