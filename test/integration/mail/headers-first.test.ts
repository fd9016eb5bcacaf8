/**
 * Headers first, bodies after, against a real Dovecot holding ordinary mail, mail whose text is
 * not part 1 or is encoded (quoted-printable, base64 in Latin-1, HTML only) and the hostile set
 * (test/fixtures/nasty-mail.ts). The header pass lists every message with its header fields and
 * a snippet, marked pending; the body pass (or a reader, on demand) leaves every message exactly
 * as a parse of its whole source gives it; a pass more changes nothing; an interrupted body pass
 * resumes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeBodies, syncAccounts } from '../../../main/accounts/accounts';
import { remoteMessageId } from '../../../main/mail/imap-sync';
import { LISTING_BYTES, splitMessageStart } from '../../../main/mail/message-start';
import { SNIPPET_BYTES } from '../../../main/mail/mime-snippet';
import { parseMessage } from '../../../main/mail/parse';
import type { Profile } from '../../../main/profile/profile';
import { runOnProfile } from '../../../main/runs/run-on-profile';
import type { StoredMessage } from '../../../main/store/repositories';
import { nastyMessages } from '../../fixtures/nasty-mail';
import { dovecotMissing, rawMessage, startDovecot, type DovecotServer } from '../servers/dovecot';
import { addServerAccount, freshProfile, syncOnce } from './fixtures';

const missing = dovecotMissing();
const ORDINARY = 60;
const NASTY = 76;

const headers = (n: number, type: string) =>
  [
    `From: Sender ${n} <s${n}@example.test>`,
    'To: alice@example.test',
    `Subject: Crafted ${n}`,
    `Date: ${new Date(Date.UTC(2026, 1, 1) + n * 60_000).toUTCString()}`,
    `Message-ID: <c${n}@example.test>`,
    'MIME-Version: 1.0',
    `Content-Type: ${type}`,
  ].join('\r\n');

/** Messages whose text is not simply part 1 in UTF-8. */
const crafted = (n: number): string[] => [
  // The text inside an alternative inside a mixed message (part 1.1), with an attachment.
  `${headers(n, 'multipart/mixed; boundary=mix')}\r\n\r\n--mix\r\nContent-Type: multipart/alternative; boundary=alt\r\n\r\n` +
    `--alt\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n` +
    `Caf=C3=A9 meeting notes: the =\r\nplan follows.\r\n--alt\r\nContent-Type: text/html\r\n\r\n<p>Caf&eacute;</p>\r\n--alt--\r\n` +
    `--mix\r\nContent-Type: application/pdf\r\nContent-Disposition: attachment; filename=a.pdf\r\n` +
    `Content-Transfer-Encoding: base64\r\n\r\nJVBERi0xLjQK\r\n--mix--\r\n`,
  // Base64 Latin-1, longer than a snippet's bytes.
  `${headers(n + 1, 'text/plain; charset=iso-8859-1')}\r\nContent-Transfer-Encoding: base64\r\n\r\n` +
    `${Buffer.from('Gr\u00fc\u00dfe aus K\u00f6ln. '.repeat(400), 'latin1')
      .toString('base64')
      .replace(/.{76}/g, '$&\r\n')}\r\n`,
  // HTML only.
  `${headers(n + 2, 'text/html; charset=utf-8')}\r\n\r\n<html><body><h1>Agenda</h1><p>Budget &amp; hiring</p></body></html>\r\n`,
];

const rowsOf = (p: Profile): Map<string, StoredMessage> =>
  new Map(
    (p.db.prepare('SELECT id FROM messages WHERE remote_uid IS NOT NULL').all() as { id: string }[]).map((r) => [
      r.id,
      p.repos.messages.get(r.id)!,
    ]),
  );

const words = (s: string) => s.replace(/\s+/g, ' ').trim();

describe.skipIf(missing)('headers first, bodies after', () => {
  let server: DovecotServer;
  /** What a parse of each whole source gives, by UID (ids differ per profile: the account's is in them). */
  const expected = new Map<number, Awaited<ReturnType<typeof parseMessage>>>();
  let total = 0;

  beforeAll(async () => {
    server = await startDovecot();
    const raws = [
      ...Array.from({ length: ORDINARY }, (_, i) => rawMessage({ n: i + 1, body: `Body ${i} line.\n`.repeat(30) })),
      ...crafted(ORDINARY + 1),
      ...nastyMessages(NASTY, ORDINARY + 10),
    ];
    total = raws.length;
    server.writeMaildir(
      'INBOX',
      raws.map((raw) => ({ raw })),
    );
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  /** Every message's whole source as the server gives it, parsed as a one-pass sync would. */
  async function expectations(accountId: string): Promise<void> {
    expected.clear();
    const c = await server.client();
    const lock = await c.getMailboxLock('INBOX');
    const validity = Number(c.mailbox ? c.mailbox.uidValidity : 0);
    for await (const m of c.fetch('1:*', { uid: true, internalDate: true, source: true })) {
      const id = remoteMessageId(accountId, 'INBOX', validity, m.uid);
      const date = m.internalDate instanceof Date ? m.internalDate : new Date(m.internalDate ?? 0);
      expected.set(m.uid, await parseMessage(m.source!, { date, key: id }));
    }
    lock.release();
    await c.logout();
  }

  it('reads the same header block and text start from one range of each message as from the two sections', async () => {
    const c = await server.client();
    const lock = await c.getMailboxLock('INBOX');
    const sections = new Map<number, { header: Buffer; text: Buffer }>();
    for await (const m of c.fetch(
      '1:*',
      { uid: true, headers: true, bodyParts: [{ key: 'TEXT', maxLength: SNIPPET_BYTES }] },
      { uid: true },
    ))
      sections.set(m.uid, { header: Buffer.from(m.headers!), text: Buffer.from(m.bodyParts!.values().next().value!) });
    // Ranges that cut header blocks and texts anywhere, and the one a sync asks for.
    for (const asked of [40, 300, 1500, SNIPPET_BYTES + 200, LISTING_BYTES]) {
      const read = new Set<number>();
      for await (const m of c.fetch('1:*', { uid: true, source: { maxLength: asked } }, { uid: true })) {
        const start = splitMessageStart(m.source!, asked);
        if (!start) continue;
        read.add(m.uid);
        const want = sections.get(m.uid)!;
        expect(Buffer.from(start.header).equals(want.header), `header of ${m.uid} in ${asked} bytes`).toBe(true);
        expect(Buffer.from(start.text).equals(want.text), `text of ${m.uid} in ${asked} bytes`).toBe(true);
      }
      // The sync's range reads every ordinary and crafted message (the first UIDs); only some hostile
      // ones, with header blocks of many KB, are fetched as the two sections.
      if (asked === LISTING_BYTES)
        for (let uid = 1; uid <= ORDINARY + 3; uid++) expect(read.has(uid), `${uid}`).toBe(true);
    }
    lock.release();
    await c.logout();
  });

  it('lists every message from its headers first, then fills each body exactly as a whole parse gives it', async () => {
    const p = freshProfile();
    const account = await addServerAccount(p, server);
    await expectations(account.id);

    const listed = await syncOnce(p, { headersOnly: true });
    expect(listed[0]).toMatchObject({ added: total, bodies: 0 });
    const first = rowsOf(p);
    expect(first.size).toBe(total);
    for (const [id, m] of first) {
      const want = expected.get(m.remoteUid!)!;
      expect(m.bodyPending, id).toBe(true);
      expect(m.html).toBeNull();
      expect(m.attachments).toEqual([]);
      // Headers give the same fields as the whole source.
      for (const k of ['messageId', 'threadId', 'from', 'to', 'cc', 'subject', 'date', 'auth', 'replyTo'] as const)
        expect(m[k], `${k} of ${id}`).toEqual(want[k]);
      expect(m.body.length).toBeLessThanOrEqual(300);
    }
    // A snippet is the start of the body: plain, quoted-printable in part 1.1, base64 Latin-1, HTML.
    for (const n of [1, ORDINARY, ORDINARY + 1, ORDINARY + 2, ORDINARY + 3]) {
      const m = [...first.values()].find((r) => r.subject === (n > ORDINARY ? `Crafted ${n}` : `Message ${n}`))!;
      const whole = words(expected.get(m.remoteUid!)!.body);
      expect(m.body.length, `snippet of ${m.subject}`).toBeGreaterThan(10);
      expect(whole.startsWith(m.body.slice(0, -1)), `${m.body} / ${whole.slice(0, 300)}`).toBe(true);
    }

    const filled = await syncOnce(p);
    expect(filled[0]).toMatchObject({ added: 0, bodies: total });
    const whole = rowsOf(p);
    for (const [id, m] of whole) {
      const want = expected.get(m.remoteUid!)!;
      expect(m.bodyPending).toBe(false);
      expect({ ...m, attachments: m.attachments.map((a) => a.filename) }, id).toMatchObject({
        messageId: want.messageId,
        threadId: want.threadId,
        from: want.from,
        to: want.to,
        cc: want.cc,
        subject: want.subject,
        date: want.date,
        body: want.body,
        html: want.html,
        auth: want.auth,
        replyTo: want.replyTo,
        parseError: want.parseError,
        attachments: want.attachments.map((a) => a.filename),
      });
      expect(m.unread).toBe(first.get(id)!.unread);
    }
    // Idempotent: a pass more changes no row.
    await syncOnce(p);
    expect(rowsOf(p)).toEqual(whole);
    p.close();
  }, 120_000);

  it('completes pending messages for a reader: one by id, and all of them before a plan reads them', async () => {
    const p = freshProfile();
    const account = await addServerAccount(p, server);
    await syncOnce(p, { headersOnly: true });
    const one = p.repos.messages.page({ accountId: account.id, limit: 1 }).items[0]!;
    expect(await completeBodies(p, { ids: [one.id] })).toBe(1);
    expect(p.repos.messages.get(one.id)).toMatchObject({
      bodyPending: false,
      body: expected.get(one.remoteUid!)!.body,
    });
    expect(p.repos.messages.pendingBodies(account.id)).toHaveLength(total - 1);

    const plan = `const all = await listEmails({ folder: 'INBOX', limit: 500 });
      const out = [];
      for (const m of all) out.push((await getEmail(m.id)).body.length);
      return out;`;
    const { report } = await runOnProfile(p, { plan, accountId: account.id });
    expect(report.status).toBe('completed');
    expect(p.repos.messages.pendingBodies(account.id)).toEqual([]);
    const lengths = new Set((report.result as number[]).filter((n) => n > 300));
    expect(lengths.size).toBeGreaterThan(0);

    // With the server gone, a reader of a pending message is told why, not shown a snippet as whole.
    const q = freshProfile();
    await addServerAccount(q, server);
    await syncOnce(q, { headersOnly: true });
    await server.kill();
    const work = q.repos.accounts.list().find((a) => a.transport === 'imap')!;
    const pending = q.repos.messages.pendingBodies(work.id);
    await expect(completeBodies(q, { ids: [pending[0]!.id] })).rejects.toThrow(
      /^1 message of account work is not downloaded whole yet, and its server could not be reached/,
    );
    // A plan over that account does not run on snippets.
    await expect(runOnProfile(q, { plan: 'return 1;', accountId: work.id })).rejects.toThrow(
      new RegExp(`^${total} messages of account work are not downloaded whole yet`),
    );
    await server.restart();
    p.close();
    q.close();
  }, 120_000);

  it('resumes a body pass the server interrupted, with every body filled once', async () => {
    const p = freshProfile();
    const account = await addServerAccount(p, server);
    let bodyPages = 0;
    const [r] = await syncAccounts(p, {
      pageSize: 20,
      onPage: async ({ phase }) => {
        if (phase === 'bodies' && ++bodyPages === 2) await server.kill();
      },
    });
    expect(r!.error?.kind).toBe('unreachable');
    const left = p.repos.messages.pendingBodies(account.id).length;
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(total - 40);
    await server.restart();
    const again = await syncOnce(p, { pageSize: 20 });
    expect(again[0]).toMatchObject({ added: 0, bodies: left, unchanged: true });
    expect(p.repos.messages.pendingBodies(account.id)).toEqual([]);
    for (const [id, m] of rowsOf(p)) expect(m.body, id).toBe(expected.get(m.remoteUid!)!.body);
    p.close();
  }, 120_000);
});
