/**
 * The benches' generated mailbox, one definition for every way it is loaded: straight into the
 * store (`store.ts` `fillMessages`) or as RFC 5322 files in a real Dovecot's maildir, synced
 * over IMAP (`end-to-end.ts`). Message `i` has the same sender, subject, words, date, thread,
 * folder and unread flag either way, so the numbers of the two paths describe the same mail.
 */
import { join } from 'node:path';
import { addAccount } from '../../main/accounts/accounts';
import { openProfile, type Profile } from '../../main/profile/profile';
import { rawMessage, type DovecotServer } from '../integration/servers/dovecot';

/** 240 made-up words (consonant-vowel syllables): each appears in a few percent of messages, as real words do. */
const SYL = ['ba', 'ko', 'ri', 'tu', 'me', 'sa', 'lo', 'vi', 'ne', 'da', 'fu', 'gi', 'pe', 'zo', 'ha'];
export const WORDS = Array.from(
  { length: 240 },
  (_, i) => SYL[i % 15]! + SYL[Math.floor(i / 15) % 15]! + SYL[(i * 7) % 15]!,
);

/** Conversations the mailbox is spread over (message `i` is in conversation `i % THREADS`). */
const THREADS = 5000;

export interface GeneratedMail {
  readonly folder: 'INBOX' | 'Archive';
  /** Which of the THREADS conversations it belongs to. */
  readonly thread: number;
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly date: Date;
  readonly body: string;
  readonly unread: boolean;
}

/** Message `i` of the generated mailbox (90% INBOX, a third unread, a minute apart). */
export function generatedMail(i: number): GeneratedMail {
  const w = (k: number) => WORDS[(i * 31 + k * k * 17 + Math.floor(i / 97) * k) % WORDS.length]!;
  return {
    folder: i % 10 === 0 ? 'Archive' : 'INBOX',
    thread: i % THREADS,
    from: `Sender ${i % 300} <s${i % 300}@example.test>`,
    to: 'maya@acme.test',
    subject: `${w(1)} ${w(2)} #${i}`,
    date: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
    body: `Hello, about the ${w(3)} and the ${w(4)}: see you at the ${w(5)}. Reference ${i}.`,
    unread: i % 3 === 0,
  };
}

/**
 * Writes messages 0…n-1 into the server's INBOX and Archive maildirs (oldest first, so UIDs
 * follow dates), each a reply in its conversation (References name its root), and has Dovecot
 * index them, as a server that has held the mail for a while would have.
 */
export async function seedDovecot(server: DovecotServer, n: number): Promise<void> {
  const byFolder = new Map<string, { raw: string; seen: boolean }[]>([
    ['INBOX', []],
    ['Archive', []],
  ]);
  // In slices, so 100,000 message texts are never all in memory at once.
  const SLICE = 10_000;
  for (let start = 0; start < n; start += SLICE) {
    for (const list of byFolder.values()) list.length = 0;
    for (let i = start; i < Math.min(n, start + SLICE); i++) {
      const m = generatedMail(i);
      const raw = rawMessage({
        n: i,
        from: m.from,
        to: m.to,
        subject: m.subject,
        date: m.date,
        body: m.body,
        inReplyTo: `<t${m.thread}@example.test>`,
      });
      byFolder.get(m.folder)!.push({ raw, seen: !m.unread });
    }
    for (const [folder, list] of byFolder) server.writeMaildir(folder, list);
  }
  const c = await server.client();
  for (const folder of byFolder.keys()) await c.status(folder, { messages: true });
  await c.logout();
}

/** A fresh profile in `dir` with one IMAP account on the bench's Dovecot (its first sync not yet run). */
export async function imapProfile(dir: string, server: DovecotServer): Promise<Profile> {
  const p = openProfile(join(dir, 'p'));
  await addAccount(p, {
    name: 'bench',
    email: 'alice@example.test',
    imap: { host: server.host, port: server.port, security: 'plain', user: server.user },
    password: server.password,
  });
  return p;
}
