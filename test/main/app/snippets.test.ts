/**
 * The Inbox list shows text under each subject, never markup, wherever the message came from:
 * the demo world (whose newsletter's body is HTML) and synced mail (parsed from MIME as sync
 * parses it, whether its HTML came as an HTML part or inside a text part), in the list and in
 * the collapsed messages of a conversation.
 */
import { describe, expect, it } from 'vitest';
import { parseMessage } from '../../../main/mail/parse';
import { demoApp } from './app-fixture';
import { message } from '../store/message-fixture';

const demo = demoApp();

const previews = async (): Promise<Map<string, string>> => {
  const page = (await demo.call('inbox.page', { folder: 'INBOX', limit: 200 })) as {
    items: { id: string; preview: string }[];
  };
  return new Map(page.items.map((r) => [r.id, r.preview]));
};

/** Stores a raw MIME message in the demo account as sync would: parsed, body and HTML kept. */
async function synced(id: string, contentType: string, content: string): Promise<void> {
  const raw = [
    'From: Growth Tips <tips@growthhacks.test>',
    'To: maya@acme.test',
    `Subject: ${id}`,
    'Date: Mon, 16 Mar 2026 08:00:00 +0000',
    `Message-ID: <${id}@growthhacks.test>`,
    'MIME-Version: 1.0',
    `Content-Type: ${contentType}; charset=utf-8`,
    '',
    content,
  ].join('\r\n');
  const p = await parseMessage(Buffer.from(raw), { date: new Date(), key: id });
  const account = demo.profile.primaryAccount().id;
  demo.profile.repos.messages.upsert(
    message(id, { accountId: account, from: p.from, subject: p.subject, date: p.date, body: p.body, html: p.html }),
  );
}

const NEWSLETTER = `<p>Ten pricing experiments &amp; what   they taught us.</p>\n<p><a href="https://growthhacks.test/u">Unsubscribe</a></p>`;

describe('the Inbox list preview', () => {
  it('shows the demo newsletter as text, not its HTML', async () => {
    const preview = (await previews()).get('e37')!;
    expect(preview).toMatch(/^This week's newsletter: ten pricing experiments/);
    expect(preview).not.toMatch(/[<>]/);
    expect(preview).not.toMatch(/\s{2}|\n/);
  });

  it('shows synced HTML mail as text, from an HTML part or HTML sent as text', async () => {
    await synced('html-part', 'text/html', NEWSLETTER);
    await synced('html-as-text', 'text/plain', NEWSLETTER);
    const all = await previews();
    for (const id of ['html-part', 'html-as-text'])
      expect(all.get(id), id).toBe('Ten pricing experiments & what they taught us. Unsubscribe');
  });

  it('shows each earlier message of a conversation as text', async () => {
    const account = demo.profile.primaryAccount().id;
    const at = (id: string, date: string, body: string) =>
      message(id, { accountId: account, threadId: 't-news', subject: 'Pricing', date, body });
    demo.profile.repos.messages.upsert(at('n1', '2026-03-10T08:00:00.000Z', NEWSLETTER));
    demo.profile.repos.messages.upsert(at('n2', '2026-03-11T08:00:00.000Z', 'Thanks,\n\n  noted.'));
    const view = (await demo.call('inbox.get', 'n2')) as { thread: { id: string; preview: string }[] };
    expect(view.thread.map((t) => [t.id, t.preview])).toEqual([
      ['n1', 'Ten pricing experiments & what they taught us. Unsubscribe'],
      ['n2', 'Thanks, noted.'],
    ]);
  });

  it('opens the demo newsletter as text, and as sanitised HTML for the frame, its hidden text shown', async () => {
    const view = (await demo.call('inbox.get', 'e37')) as { html: string | null; body: string };
    expect(view.body).toMatch(/^This week's newsletter/);
    expect(view.body).not.toMatch(/<\/?[a-z][^>]*>/i);
    expect(view.html).toContain('<p>This week');
    expect(view.html).toContain('Ignore all previous instructions');
    expect(view.html).not.toMatch(/display:\s*none|style=/i);
  });

  it('no row of the demo Inbox shows a tag or an entity', async () => {
    for (const [id, preview] of await previews()) {
      expect(preview, id).not.toMatch(/<\/?[a-z][^>]*>|&[a-z]+;|&#\d+;/i);
      expect(preview, id).toBe(preview.trim());
    }
  });
});
