/**
 * Red-team round 20: a body of unclosed `<` cannot hold the app.
 *
 * The fraud checks read a message's text with HTML tags reduced to spaces by `/<[^>]*>/g`
 * (engine/fraud/text.ts): from each `<` with no `>` after it the pattern ran to the end of the
 * text, so a body of n such brackets cost the square of n — 20,000 of them (40 KB) took 2 s,
 * the 200,000 here (400 KB of a text part, far under what a message may hold) minutes. The checks
 * run on the main thread when a message is opened (`inbox.get`'s warnings) and at triage. Now a
 * tag ends at its `>` before any `<`, and the work is linear.
 */
import { describe, expect, it } from 'vitest';
import { fraudFindings } from '../../../engine/fraud';
import { demoApp } from '../../main/app/app-fixture';

const BODY = `${'<a'.repeat(200_000)} pay the new IBAN today`;
const demo = demoApp();

describe('red team round 20: unclosed brackets', () => {
  it('opens a message whose text is 200,000 unclosed tags, with its warnings', async () => {
    const p = demo.profile;
    const [some] = p.repos.messages.page({ folder: 'INBOX', limit: 1 }).items;
    const m = p.repos.messages.get(some!.id)!;
    p.repos.messages.upsert({
      ...m,
      id: 'lt-1',
      messageId: '<lt-1@evil.test>',
      threadId: 'lt-1',
      body: BODY,
      html: null,
    });
    const r = await demo.app.router.dispatch('inbox.get', ['lt-1'], 'ipc');
    expect(r.ok).toBe(true);
  }, 20_000);

  it('reads the checks over such a text, its subject and its HTML, in one pass', () => {
    const m = { from: 'Mallory <m@evil.test>', subject: '<b'.repeat(100_000), body: BODY, html: BODY, htmlText: BODY };
    expect(
      fraudFindings({ ...m, auth: 'none' }, { user: { name: 'Maya', addresses: [] }, contacts: [] }),
    ).toBeDefined();
  }, 20_000);
});
