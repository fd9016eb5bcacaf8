/**
 * The profile store, each number next to a baseline measured in the same run:
 * - audit append throughput (one transaction of appends, as a run writes them) vs a bare
 *   better-sqlite3 insert loop of rows of the same size;
 * - verifying a 100,000-entry chain (hashes, MACs, the sealed head) vs one plain SHA-256 pass
 *   over the same bytes (target ≤ 0.5 s);
 * - the inbox page and a full-text search over 100,000 messages (target ≤ 20 ms each) vs the
 *   same page read without the index order (a bare indexed SELECT of ids) and a LIKE scan.
 * Nothing here asserts on time.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openProfile, type Profile } from '../../main/profile/profile';
import { madeLocally, type MessageHeader, type PageCursor } from '../../main/store/repos/messages';
import { generatedMail, WORDS } from './mailbox';

const ms = (t0: number) => Math.round((performance.now() - t0) * 100) / 100;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

function timeMedian(reps: number, f: () => unknown): number {
  for (let i = 0; i < 3; i++) f();
  const out: number[] = [];
  for (let i = 0; i < reps; i++) {
    const t0 = performance.now();
    f();
    out.push(performance.now() - t0);
  }
  return Math.round(median(out) * 1000) / 1000;
}

/** `n` messages of the generated mailbox (`mailbox.ts`) in the profile's primary account, in one transaction. */
export function fillMessages(p: Profile, n: number): void {
  const account = p.primaryAccount().id;
  p.db
    .transaction(() => {
      for (let i = 0; i < n; i++) {
        const m = generatedMail(i);
        p.repos.messages.upsert({
          id: `m${i}`,
          accountId: account,
          folder: m.folder,
          messageId: null,
          threadId: `t${m.thread}`,
          from: m.from,
          to: [m.to],
          cc: [],
          subject: m.subject,
          date: m.date.toISOString(),
          body: m.body,
          html: null,
          unread: m.unread,
          labels: [],
          ...madeLocally(),
        });
      }
    })
    .immediate();
}

/** The Inbox's conversations, newest first, read page by page from the store as the app reads them. */
export function inboxConversations(p: Profile): MessageHeader[] {
  const out: MessageHeader[] = [];
  let after: PageCursor | undefined;
  for (;;) {
    const page = p.repos.messages.page({ folder: 'INBOX', threads: true, limit: 500, ...(after ? { after } : {}) });
    out.push(...page.items);
    if (!page.next) return out;
    after = page.next;
  }
}

export interface StoreBench {
  auditAppend: { entries: number; perSecond: number; baselinePerSecond: number };
  auditVerify: { entries: number; ms: number; baselineMs: number };
  inboxPage: { messages: number; ms: number; baselineMs: number };
  search: {
    messages: number;
    query: string;
    ms: number;
    baselineMs: number;
    hits: number;
    broad: { word: string; ms: number; matches: number };
  };
}

export function benchStore(n = 100_000): StoreBench {
  const dir = join(mkdtempSync(join(tmpdir(), 'zamburak-bench-')), 'p');
  const p = openProfile(dir);
  try {
    // ---- audit append
    const APPEND = 20_000;
    let t0 = performance.now();
    p.db
      .transaction(() => {
        for (let i = 0; i < APPEND; i++)
          p.audit.append({
            kind: 'call.decided',
            runId: 'run-bench',
            tool: 'sendEmail',
            decision: 'allow',
            rule: 'egress/trusted',
            data: { seq: i, reasons: ['bench'] },
          });
      })
      .immediate();
    const appendMs = ms(t0);
    const bare = new Database(join(dir, 'bare.db'));
    bare.pragma('journal_mode = WAL');
    bare.pragma('synchronous = FULL');
    bare.exec('CREATE TABLE t (seq INTEGER PRIMARY KEY, body TEXT, h TEXT, m TEXT)');
    const ins = bare.prepare('INSERT INTO t (seq, body, h, m) VALUES (?, ?, ?, ?)');
    t0 = performance.now();
    bare.transaction(() => {
      for (let i = 0; i < APPEND; i++)
        ins.run(
          i + 1,
          JSON.stringify({ kind: 'call.decided', seq: i, reasons: ['bench'] }),
          'h'.repeat(64),
          'm'.repeat(64),
        );
    })();
    const bareMs = ms(t0);
    bare.close();

    // ---- chain of n entries: verification
    p.db
      .transaction(() => {
        for (let i = APPEND; i < n; i++) p.audit.append({ kind: 'call.decided', runId: 'run-bench', data: { seq: i } });
      })
      .immediate();
    p.audit.sealHeadNow();
    t0 = performance.now();
    const v = p.audit.verify();
    const verifyMs = ms(t0);
    if (!v.ok) throw new Error(`bench chain does not verify: ${JSON.stringify(v.problem)}`);
    const entries = p.audit.entries();
    t0 = performance.now();
    const h = createHash('sha256');
    for (const e of entries) h.update(e.prevHash).update(e.body);
    h.digest();
    const shaMs = ms(t0);

    // ---- n messages
    fillMessages(p, n);
    const total = p.repos.messages.count();
    const page = timeMedian(30, () => p.repos.messages.page({ folder: 'INBOX', limit: 50 }));
    const idsOnly = p.db.prepare(`SELECT id FROM messages WHERE folder = 'INBOX' ORDER BY date DESC, id DESC LIMIT 50`);
    const pageBase = timeMedian(30, () => idsOnly.all());
    // Two words, as people search, and one broad word.
    const query = `${WORDS[3]} ${WORDS[40]}`;
    const hits = p.repos.messages.search(query, { limit: 50 }).length;
    const search = timeMedian(30, () => p.repos.messages.search(query, { limit: 50 }));
    const broad = timeMedian(10, () => p.repos.messages.search(WORDS[5]!, { limit: 50 }));
    const broadHits = (
      p.db.prepare('SELECT count(*) AS n FROM messages_fts WHERE messages_fts MATCH ?').get(`"${WORDS[5]}"*`) as {
        n: number;
      }
    ).n;
    const like = p.db.prepare(`SELECT id FROM messages WHERE body LIKE ? AND body LIKE ? LIMIT 50`);
    const searchBase = timeMedian(30, () => like.all(`%${WORDS[3]}%`, `%${WORDS[40]}%`));
    return {
      auditAppend: {
        entries: APPEND,
        perSecond: Math.round(APPEND / (appendMs / 1000)),
        baselinePerSecond: Math.round(APPEND / (bareMs / 1000)),
      },
      auditVerify: { entries: entries.length, ms: verifyMs, baselineMs: shaMs },
      inboxPage: { messages: total, ms: page, baselineMs: pageBase },
      search: {
        messages: total,
        query,
        ms: search,
        baselineMs: searchBase,
        hits,
        broad: { word: WORDS[5]!, ms: broad, matches: broadHits },
      },
    };
  } finally {
    p.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printStore(r: StoreBench): void {
  console.log(
    `audit append: ${r.auditAppend.perSecond.toLocaleString('en')} entries/s ` +
      `(bare better-sqlite3 insert loop: ${r.auditAppend.baselinePerSecond.toLocaleString('en')}/s)`,
  );
  console.log(
    `audit verify, ${r.auditVerify.entries.toLocaleString('en')} entries: ${r.auditVerify.ms} ms ` +
      `(plain SHA-256 over the same bytes: ${r.auditVerify.baselineMs} ms; target ≤ 500 ms)`,
  );
  console.log(
    `inbox page over ${r.inboxPage.messages.toLocaleString('en')} messages: ${r.inboxPage.ms} ms ` +
      `(bare indexed SELECT of the ids: ${r.inboxPage.baselineMs} ms; target ≤ 20 ms)`,
  );
  console.log(
    `full-text search "${r.search.query}" over ${r.search.messages.toLocaleString('en')} messages: ${r.search.ms} ms, ${r.search.hits} hits ` +
      `(LIKE scan: ${r.search.baselineMs} ms; target ≤ 20 ms); one broad word "${r.search.broad.word}" ` +
      `(${r.search.broad.matches.toLocaleString('en')} matches): ${r.search.broad.ms} ms`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) printStore(benchStore());
