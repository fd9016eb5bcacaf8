/**
 * Red-team round 18: an email of deeply nested HTML cannot hold the app.
 *
 * Mail HTML is read with htmlparser2 (main/mail/html.ts), which keeps its open elements in an
 * array grown at the front: each element opened inside n others cost n, so nesting cost the
 * square of its depth. 100,000 nested `<div>`s (500 KB) took 5 s to sanitise and 1.6 s to read as
 * text; the 500,000 here (2.5 MB, well under the 50 MB a message may have), minutes. The text of
 * a body written as HTML is read on the main thread when the message is opened (`inbox.get`,
 * and for every message of its conversation), so one email froze every screen and every sync.
 * Now nesting stops at 512 as in Chromium (a deeper element is closed at once, its content after
 * it), and the work is linear. Opening the message here would otherwise outlast the test's limit.
 */
import { describe, expect, it } from 'vitest';
import { parseMessage } from '../../../main/mail/parse';
import { demoApp } from '../../main/app/app-fixture';

const DEPTH = 500_000;
const deep = `${'<div>'.repeat(DEPTH)}Pay the new IBAN today.`;

const demo = demoApp();

describe('red team round 18: deeply nested HTML', () => {
  it('opens a message whose text part is deeply nested HTML, and reads it as text', async () => {
    const p = demo.profile;
    const [some] = p.repos.messages.page({ folder: 'INBOX', limit: 1 }).items;
    const m = p.repos.messages.get(some!.id)!;
    p.repos.messages.upsert({ ...m, id: 'deep-1', messageId: '<deep-1@evil.test>', threadId: 'deep-1', body: deep });
    const r = await demo.app.router.dispatch('inbox.get', ['deep-1'], 'ipc');
    expect(r.ok).toBe(true);
    if (r.ok) expect((r.value as { body: string }).body).toBe('Pay the new IBAN today.');
  }, 20_000);

  it('parses such a message (its HTML part sanitised, its text read) in one pass', async () => {
    const raw = `From: Mallory <m@evil.test>\r\nTo: maya@acme.test\r\nSubject: Deep\r\nContent-Type: text/html\r\n\r\n${deep}`;
    const parsed = await parseMessage(new TextEncoder().encode(raw), { date: new Date(), key: 'deep' });
    expect(parsed.body).toBe('Pay the new IBAN today.');
    expect(parsed.html).toContain('Pay the new IBAN today.');
    expect(parsed.html).not.toMatch(/<script|on\w+=/i);
  }, 20_000);
});
