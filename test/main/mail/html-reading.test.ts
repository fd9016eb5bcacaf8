/**
 * The HTML part read once, at parse time (main/mail/html-reading.ts, store migration 17), gives
 * the fraud checks exactly what reading it at every check gave them.
 *
 * "Before" is the check as it was: the HTML part read as text (`htmlToText` of the stored,
 * sanitised HTML) and its links read from the HTML, at check time. "After" is the product path:
 * the message parsed and stored with its reading, the warnings the Inbox shows (`inbox.get`).
 * On a corpus of rich HTML mail (requests only in the HTML part, disguised links, text hidden by
 * `display:none` or a zero font size, malformed HTML) and on generated malformed HTML, the two
 * agree; a row stored before the column (null) or with a damaged one gets the same warnings by
 * reading its HTML again; no malformed HTML loses a message.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fraudFindings, type FraudFinding } from '../../../engine/fraud';
import { messageFindings } from '../../../main/assistant/fraud';
import { htmlToText } from '../../../main/mail/html';
import { readHtml } from '../../../main/mail/html-reading';
import { parseMessage, senderCheck } from '../../../main/mail/parse';
import { accountConfig } from '../../../main/profile/world-io';
import type { StoredMessage } from '../../../main/store/repositories';
import { budget } from '../../setup/budget';
import { demoApp } from '../app/app-fixture';
import { RICH_HTML_MAILS, rawMail, type RichMail } from './rich-html-corpus';

const demo = demoApp();

/** Parses `bytes` and stores the message under `id` in the demo account's Inbox; returns the row read back. */
async function store(id: string, bytes: Uint8Array): Promise<StoredMessage> {
  const p = demo.profile;
  const parsed = await parseMessage(bytes, { date: new Date('2026-04-05T10:00:00Z'), key: id });
  const [some] = p.repos.messages.page({ folder: 'INBOX', limit: 1 }).items;
  const m = p.repos.messages.get(some!.id)!;
  p.repos.messages.upsert({ ...m, ...parsed, id, threadId: id, attachments: [] });
  return p.repos.messages.get(id)!;
}

/** The findings as the checks made them before: the stored HTML read at check time, text and links. */
function before(m: StoredMessage): FraudFinding[] {
  const p = demo.profile;
  const account = p.repos.accounts.get(m.accountId)!;
  return fraudFindings(
    {
      from: m.from,
      replyTo: m.replyTo ?? null,
      subject: m.subject,
      body: m.body,
      html: m.html,
      htmlText: m.html ? htmlToText(m.html) : null,
      auth: senderCheck(m.auth, accountConfig(account), m.from),
    },
    { contacts: p.repos.contacts.list(account.id), user: { name: account.userName, addresses: account.addresses } },
  );
}

/** The warnings the Inbox shows for a stored message (the router, as the IPC bridge calls it). */
async function shown(id: string): Promise<string[]> {
  return ((await demo.call('inbox.get', id)) as { warnings: string[] }).warnings;
}

const kindsOf = (fs: readonly FraudFinding[]): string[] => [...new Set(fs.map((f) => f.kind))].sort();

describe('the HTML part read at parse time', () => {
  it('stores the reading with the message: the text and links of its sanitised HTML', async () => {
    const m = await store('stored-1', rawMail(RICH_HTML_MAILS[0]!));
    expect(m.html).not.toBeNull();
    expect(m.htmlReading).toEqual(readHtml(m.html));
    expect(m.htmlReading!.links.length).toBeGreaterThan(20);
    expect(m.htmlReading!.text).toContain('We have changed banks');
  });

  it.each(RICH_HTML_MAILS.map((m) => [m.id, m] as const))(
    '%s: the same warnings before and after, and the findings it was written for',
    async (id, mail: RichMail) => {
      const m = await store(id, rawMail(mail));
      expect(m.htmlReading, 'read at parse time').toBeTruthy();
      const old = before(m);
      expect(kindsOf(old)).toEqual([...mail.kinds].sort());
      const account = demo.profile.repos.accounts.get(m.accountId)!;
      expect(messageFindings(demo.profile, account)(m)).toEqual(old);
      expect(await shown(id)).toEqual(old.map((f) => f.reason));
    },
  );

  it('a row stored before the column, or with a damaged one, gets the same warnings by reading its HTML again', async () => {
    for (const mail of RICH_HTML_MAILS) {
      const m = await store(`old-${mail.id}`, rawMail(mail));
      const expected = before(m).map((f) => f.reason);
      for (const column of [null, '{', '{"text":1,"links":[]}', '{"text":"","links":[{"href":5}]}', '[]']) {
        demo.profile.db.prepare('UPDATE messages SET html_reading = ? WHERE id = ?').run(column, m.id);
        expect(demo.profile.repos.messages.get(m.id)!.htmlReading, String(column)).toBeNull();
        expect(await shown(m.id), `${mail.id}, column ${column}`).toEqual(expected);
      }
    }
  });

  it('property: malformed HTML keeps its message, and the checks read it as they did', async () => {
    const pieces = [
      '<a href="https://evil.example/x">',
      '<a href=https://printworks.test/y>',
      'https://printworks.test/z',
      '</a>',
      '<div style="display:none">',
      '<span style="font-size:0">',
      '</div>',
      '<p>',
      '<b',
      '<',
      '>',
      '&amp',
      '&#x1F600;',
      '&bogus;',
      '<!--',
      '-->',
      '<script>',
      '<style>',
      '<textarea>',
      '\u200b',
      '\u0000',
      ' We have changed banks: please pay ',
      ' IBAN GB29 NWBK 6016 1331 9268 19 ',
      ' reply with the verification code ',
      ' please verify your account ',
      ' today ',
    ];
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 40 }), async (parts) => {
        const id = `fuzz-${++n}`;
        const html = parts.join('');
        const m = await store(id, rawMail({ id, from: 'Hana Kim <hana@printworks.test>', html, kinds: [] }));
        expect(m.html !== null || m.body.length > 0, 'the message is kept').toBe(true);
        expect(m.htmlReading ?? null).toEqual(readHtml(m.html));
        const account = demo.profile.repos.accounts.get(m.accountId)!;
        expect(messageFindings(demo.profile, account)(m)).toEqual(before(m));
      }),
      { numRuns: budget(60, 2000) },
    );
  }, 60_000);
});
