/**
 * IMAP first sync, next to its baseline on the same mailbox in the same run: raw imapflow
 * fetching every message's full source (what any client must download) vs our first sync. A
 * first sync lists headers and snippets first (the inbox is usable), then fills bodies (fetch,
 * parse, sanitise, attachments, store in page transactions): timed are the usable inbox (the
 * newest 200 listed), every message listed (the first sync's rate), and every body filled;
 * parsing in a warm worker pool and on the main thread. Runs against a real
 * Dovecot (skipped, saying so, when it is not installed); interleaved repetitions, medians.
 * Nothing here asserts on time.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { syncAccounts } from '../../main/accounts/accounts';
import { ParsePool, type Parser } from '../../main/mail/parse-pool';
import { DOVECOT_BIN, rawMessage, startDovecot } from '../integration/servers/dovecot';
import { imapProfile } from './mailbox';

export interface SyncBench {
  messages: number;
  avgBytes: number;
  rawFetchPerSecond: number;
  /** Every message listed (headers, flags, snippet; bodies pending), parsing in worker threads. */
  firstSyncPerSecond: number;
  /** The first sync's rate over the raw fetch's (target ≥ 0.5). */
  rateOfRaw: number;
  /** From the start until the newest 200 are listed. */
  usableInboxMs: number;
  /** Every body filled too (the whole pass), in worker threads and on the main thread. */
  fullSyncPerSecond: number;
  fullSyncInlinePerSecond: number;
  /** The whole pass's time over the raw fetch's. */
  ratio: number;
  inlineRatio: number;
  samplesMs: { raw: number[]; listed: number[]; usable: number[]; sync: number[]; inline: number[] };
}

/** Times of one first sync: newest 200 listed, every message listed, every body filled. */
interface FirstSync {
  usable: number;
  listed: number;
  total: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

/** A realistic message: a text and an HTML alternative of a few KB. */
export function benchMessage(n: number): string {
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
    const firstSync = async (parse: Parser | undefined): Promise<FirstSync> => {
      const dir = mkdtempSync(join(tmpdir(), 'zamburak-bench-sync-'));
      const p = await imapProfile(dir, server);
      const t0 = performance.now();
      let usable = 0;
      let listed = 0;
      const [r] = await syncAccounts(p, {
        folders: ['INBOX'],
        ...(parse ? { parse } : {}),
        onPage: ({ phase, stored }) => {
          if (phase !== 'headers') return;
          if (!usable && stored >= Math.min(n, 200)) usable = performance.now() - t0;
          if (stored === n) listed = performance.now() - t0;
        },
      });
      const total = performance.now() - t0;
      const folder = r?.report?.folders[0];
      if (folder?.added !== n || folder.bodies !== n)
        throw new Error(`first sync: ${JSON.stringify(r?.error ?? r?.report)}`);
      p.close();
      rmSync(dir, { recursive: true, force: true });
      return { usable, listed, total };
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
    const samples = {
      raw: [] as number[],
      listed: [] as number[],
      usable: [] as number[],
      sync: [] as number[],
      inline: [] as number[],
    };
    for (let i = 0; i < reps; i++) {
      samples.raw.push(await time(rawFetch));
      const inWorkers = await firstSync(pool.parse);
      samples.usable.push(inWorkers.usable);
      samples.listed.push(inWorkers.listed);
      samples.sync.push(inWorkers.total);
      samples.inline.push((await firstSync(undefined)).total);
    }
    await pool.close();
    const raw = median(samples.raw);
    const listed = median(samples.listed);
    const sync = median(samples.sync);
    const inline = median(samples.inline);
    const perSecond = (ms: number) => Math.round((n / ms) * 1000);
    const rounded = (xs: number[]) => xs.map((x) => round(x));
    return {
      messages: n,
      avgBytes: Math.round(raws.reduce((s, r) => s + r.length, 0) / n),
      rawFetchPerSecond: perSecond(raw),
      firstSyncPerSecond: perSecond(listed),
      rateOfRaw: round(raw / listed),
      usableInboxMs: round(median(samples.usable)),
      fullSyncPerSecond: perSecond(sync),
      fullSyncInlinePerSecond: perSecond(inline),
      ratio: round(sync / raw),
      inlineRatio: round(inline / raw),
      samplesMs: {
        raw: rounded(samples.raw),
        listed: rounded(samples.listed),
        usable: rounded(samples.usable),
        sync: rounded(samples.sync),
        inline: rounded(samples.inline),
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
  const rate = (x: number) => `${x.toLocaleString('en')} msg/s`;
  console.log(
    `IMAP first sync of ${r.messages.toLocaleString('en')} messages (~${r.avgBytes} bytes): every message listed at ` +
      `${rate(r.firstSyncPerSecond)} vs raw imapflow full-source fetch ${rate(r.rawFetchPerSecond)} ` +
      `(${Math.round(r.rateOfRaw * 100)}% of the raw rate, target ≥ 50%); time to usable inbox (newest 200): ` +
      `${Math.round(r.usableInboxMs)} ms; with every body filled ${rate(r.fullSyncPerSecond)} (parsing in workers, ` +
      `${r.ratio}x the raw time; on the main thread ${rate(r.fullSyncInlinePerSecond)}, ${r.inlineRatio}x)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printSync(await benchSync());
}
