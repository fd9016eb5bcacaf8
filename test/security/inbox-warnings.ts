/**
 * The Inbox's warnings for a message as it arrives: a multipart/alternative mail from a printer's
 * address (a harmless text part, the HTML part under test), parsed for real, stored in the demo
 * profile and read back through the router, as the app shows it (red-team rounds 20 and 24).
 */
import { parseMessage } from '../../main/mail/parse';
import type { demoApp } from '../main/app/app-fixture';

/** A multipart/alternative message: `text` as its text part, `html` as its HTML part. */
export function multipartMail(id: string, text: string, html: string): Uint8Array {
  return new TextEncoder().encode(
    [
      'From: Hana Kim <hana@printworks.test>',
      'To: maya@acme.test',
      'Subject: Invoice PW-1',
      `Message-ID: <${id}@printworks.test>`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/alternative; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain; charset=utf-8',
      '',
      text,
      '--b',
      'Content-Type: text/html; charset=utf-8',
      '',
      html,
      '--b--',
      '',
    ].join('\r\n'),
  );
}

/** The warnings the Inbox shows for a message stored from `bytes` (real parse, real store, the router). */
export async function inboxWarnings(
  demo: ReturnType<typeof demoApp>,
  id: string,
  bytes: Uint8Array,
): Promise<string[]> {
  const p = demo.profile;
  const parsed = await parseMessage(bytes, { date: new Date('2026-04-05T10:00:00Z'), key: id });
  const [some] = p.repos.messages.page({ folder: 'INBOX', limit: 1 }).items;
  const m = p.repos.messages.get(some!.id)!;
  p.repos.messages.upsert({ ...m, ...parsed, id, threadId: id, attachments: [] });
  const r = await demo.app.router.dispatch('inbox.get', [id], 'ipc');
  if (!r.ok) throw new Error(JSON.stringify(r));
  return (r.value as { warnings: string[] }).warnings;
}
