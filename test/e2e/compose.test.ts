/**
 * Writing mail in the Inbox, in Chromium through the browser host (one server for the file):
 * compose and send, reply, reply all, forward with an attachment — each by keyboard and by
 * mouse — undo inside the window, a message closed with × kept and never written over, the assistant's draft sent as the person's own (and not offered
 * again after a reload), errors at their field, and a message being written surviving a reload. Each send lands in the demo
 * outbox once, as the app's own send path made it (recipients, subject, threading).
 */
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHROMIUM_WHY,
  axeViolations,
  hasChromium,
  demoSuite,
  onScreen,
  openPage,
  reloadApp,
  screenshotPath,
  SCREEN,
  STEP_TIMEOUT,
  TRIAGE_TIMEOUT,
} from './harness';
import { navigate } from './jobs';

const status = (page: Page) => page.locator('footer.status').innerText();
const press = (page: Page, ...keys: string[]) =>
  keys.reduce((p, k) => p.then(() => page.locator('body').press(k)), Promise.resolve());
const dialog = (page: Page) => page.getByRole('dialog');

describe.skipIf(!hasChromium)(`writing mail in the Inbox${hasChromium ? '' : ` (skipped: ${CHROMIUM_WHY})`}`, () => {
  const suite = demoSuite({ undoWindowSeconds: 2 });
  let page: Page;
  let errors: string[];
  const sent = () => suite.hosted.profile.repos.outgoing.sent('demo');
  const sentWith = (subject: string) => sent().filter((s) => s.subject === subject);
  /**
   * The message being written as the app keeps it in the profile: it keeps it a moment after the
   * last change (renderer/src/components/Compose.tsx), so a reload waits for it, not for a time.
   */
  const kept = () => suite.hosted.profile.setting('compose.draft') ?? '';

  const files = mkdtempSync(join(tmpdir(), 'zamburak-compose-'));
  afterAll(() => rmSync(files, { recursive: true, force: true }));

  beforeAll(async () => {
    ({ page, errors } = await openPage(suite.browser, suite.hosted.host.url));
    page.setDefaultTimeout(STEP_TIMEOUT);
    await page.locator('.row').nth(10).waitFor();
  }, 60_000);

  it('composes and sends by keyboard (c, Ctrl+Enter): "Sending in N s — Undo", then sent once', async () => {
    await press(page, 'c');
    await expect.poll(() => dialog(page).getAttribute('aria-label')).toBe('New message');
    // The recipients field has the focus.
    await page.keyboard.type('bob@acme.test');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Lunch on Friday');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Shall we?');
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => status(page)).toMatch(/^Sending “Lunch on Friday” in \d s —/);
    expect(await page.getByRole('button', { name: 'Undo (z)' }).count()).toBe(1);
    await expect.poll(() => sentWith('Lunch on Friday').length, { timeout: 10_000 }).toBe(1);
    expect(sentWith('Lunch on Friday')[0]!.to).toEqual(['bob@acme.test']);
    await expect.poll(() => status(page)).toMatch(/^Sent “Lunch on Friday”/);
    // The window is over: no undo is offered any more, and z does nothing.
    expect(await page.getByRole('button', { name: 'Undo (z)' }).count()).toBe(0);
    await press(page, 'z');
    expect(errors).toEqual([]);
  });

  it('undoes a send inside the window by mouse and by z: nothing leaves', async () => {
    // A window the steps fit in on a loaded machine (the send, its status, the click): the test
    // waits for the undo, never for the window.
    suite.hosted.profile.setSetting('undoWindowSeconds', '8');
    try {
      for (const how of ['mouse', 'keyboard'] as const) {
        await page.getByRole('button', { name: 'Compose (c)' }).click();
        const d = dialog(page);
        await d.getByLabel('To').fill('carla@globex.test');
        await d.getByLabel('Subject').fill(`Never mind (${how})`);
        await d.getByLabel('Message').fill('Sent by mistake.');
        await d.getByRole('button', { name: /^Send/ }).click();
        await expect.poll(() => status(page)).toMatch(/^Sending/);
        if (how === 'mouse') await page.getByRole('button', { name: 'Undo (z)' }).click();
        else await press(page, 'z');
        await expect.poll(() => status(page)).toMatch(/Not sent: “Never mind/);
      }
    } finally {
      suite.hosted.profile.setSetting('undoWindowSeconds', '2');
    }
    // Both undone (rejected, for good: the outbox never sends them), and nothing left.
    const neverMind = suite.hosted.profile.claims
      .list({ limit: 100 })
      .filter((c) => c.action.tool === 'sendEmail' && String(c.action.args.subject).startsWith('Never mind'));
    expect(neverMind.map((c) => c.state)).toEqual(['rejected', 'rejected']);
    expect(sent().filter((s) => s.subject.startsWith('Never mind'))).toEqual([]);
  });

  it('a message sent never comes back as the draft, whatever order the app hears its keeps in', async () => {
    // The worst order a loaded machine makes: the page keeps the message once more while the send
    // is on its way (a moment after the last key), and that keep, on a connection of its own,
    // reaches the app after the "nothing kept" the page says once the send was answered.
    const later = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
    let keepSent!: () => void;
    const keepOnItsWay = new Promise<void>((r) => (keepSent = r));
    let sendAnswered!: () => void;
    const answered = new Promise<void>((r) => (sendAnswered = r));
    let clearHeard!: () => void;
    const cleared = new Promise<void>((r) => (clearHeard = r));
    let open = 0;
    await page.route('**/api/inbox.keepDraft', async (route) => {
      open++;
      const clear = route.request().postData() === '[null]';
      if (!clear) {
        keepSent();
        // Through once the app has heard "nothing kept", or (a page that waits for this keep
        // before it says so) two seconds after the send was answered.
        await Promise.race([cleared, answered.then(() => later(2000))]);
      }
      await route.fulfill({ response: await route.fetch() });
      if (clear) clearHeard();
      open--;
    });
    await page.route('**/api/mail.send', async (route) => {
      // Answered once a keep is on its way (the page keeps 400 ms after the last key).
      await Promise.race([keepOnItsWay, later(2000)]);
      const response = await route.fetch();
      await route.fulfill({ response });
      sendAnswered();
    });
    try {
      await press(page, 'c');
      const d = dialog(page);
      await d.getByLabel('To').fill('bob@acme.test');
      await d.getByLabel('Subject').fill('Overtaken');
      await d.getByLabel('Message').fill('Sent once, and never again a draft.');
      await d.getByRole('button', { name: /^Send/ }).click();
      // Up to 4 s held above, on purpose.
      await expect.poll(() => status(page), { timeout: 15_000 }).toMatch(/^(Sending|Sent) “Overtaken”/);
      await expect.poll(() => open).toBe(0);
      expect(kept()).toBe('');
      await expect.poll(() => sentWith('Overtaken').length, { timeout: 10_000 }).toBe(1);
      // c opens a blank message, not the one sent.
      await press(page, 'c');
      await expect.poll(() => dialog(page).getAttribute('aria-label')).toBe('New message');
      expect(await dialog(page).getByLabel('Subject').inputValue()).toBe('');
      await dialog(page).getByRole('button', { name: 'Discard' }).click();
    } finally {
      await page.unrouteAll({ behavior: 'wait' });
    }
  });

  it('shows errors at the field: a wrong address, a missing subject asked once', async () => {
    await press(page, 'c');
    const d = dialog(page);
    await d.getByLabel('To').fill('bob@acme.test, not an address');
    await d.getByLabel('Cc').focus();
    await expect.poll(() => d.getByRole('alert').innerText()).toMatch(/“not an address” is not an email address/);
    expect(await d.getByLabel('To').getAttribute('aria-invalid')).toBe('true');
    // The percent hack (red-team round 22): at acme.test, but passed on to evil.test. The field
    // says it in the words the send's refusal uses (engine/world/recipient-refusal.ts).
    await d.getByLabel('To').fill('bob@acme.test, eve%evil.test@acme.test');
    await d.getByLabel('Cc').focus();
    await expect
      .poll(() => d.getByRole('alert').innerText())
      .toBe(
        "“eve%evil.test@acme.test” cannot be sent to: the % asks acme.test's mail server to pass the message on to evil.test, which nothing here would show or check; write that address itself.",
      );
    await d.getByLabel('To').fill('bob@acme.test');
    await d.getByLabel('Message').fill('No subject on this one.');
    await d.getByRole('button', { name: /^Send/ }).click();
    await expect.poll(() => d.getByRole('alert').innerText()).toMatch(/There is no subject/);
    expect(sent().filter((s) => s.body.includes('No subject on this one'))).toEqual([]);
    await d.getByRole('button', { name: /^Send/ }).click();
    await expect.poll(() => dialog(page).count()).toBe(0);
    await expect
      .poll(() => sent().filter((s) => s.body.includes('No subject on this one')).length, {
        timeout: 10_000,
      })
      .toBe(1);
  });

  it('an attachment over the limit is refused at the field; nothing typed is lost on a reload', async () => {
    await press(page, 'c');
    const d = dialog(page);
    await d.getByLabel('To').fill('dev@initech.test');
    await d.getByLabel('Subject').fill('The big file');
    await d.getByLabel('Message').fill('Half a thought that must not be lost');
    // A file on disk, not bytes: Chromium reads a local file itself, while 26 MB sent through the
    // debugger protocol took over a minute on a loaded machine. Sparse: nothing is written.
    const huge = join(files, 'huge.zip');
    writeFileSync(huge, '');
    truncateSync(huge, 26 * 1024 * 1024);
    await d.getByLabel('Attach files').setInputFiles(huge);
    await expect
      .poll(() => d.getByRole('alert').innerText())
      .toBe(
        'huge.zip (26.0 MB) would make 26.0 MB of attachments; a message can carry 25.0 MB. Share a link to a large file instead.',
      );
    await page.screenshot({ path: screenshotPath('compose-attachment-limit-light') });
    await expect.poll(kept).toContain('Half a thought that must not be lost');
    await reloadApp(page);
    await expect.poll(() => dialog(page).count()).toBe(1);
    expect(await dialog(page).getByLabel('Message').inputValue()).toBe('Half a thought that must not be lost');
    expect(await dialog(page).getByLabel('Subject').inputValue()).toBe('The big file');
    // Restored without the cursor: the Inbox's keys stay the Inbox's (j opens a message, nothing
    // is typed into the draft); c opens the draft being written instead of replacing it.
    const inDialog = () => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null);
    expect(await inDialog()).toBe(false);
    await page.locator('.row').nth(10).waitFor();
    await press(page, 'j');
    await expect.poll(() => page.evaluate(() => window.location.hash)).toMatch(/^#\/inbox\/./);
    expect(await dialog(page).getByLabel('Message').inputValue()).toBe('Half a thought that must not be lost');
    await press(page, 'c');
    await expect.poll(inDialog).toBe(true);
    expect(await status(page)).toBe('You are still writing “The big file”: send it or close it first.');
    expect(await dialog(page).getByLabel('To').inputValue()).toBe('dev@initech.test');
    expect(await dialog(page).getByLabel('Message').inputValue()).toBe('Half a thought that must not be lost');
    // Kept in the profile, not the browser: another browser (a restart) finds it too.
    expect(kept()).toContain('Half a thought that must not be lost');
    const other = await openPage(suite.browser, suite.hosted.host.url);
    await expect.poll(() => other.page.getByRole('dialog').getByLabel('Subject').inputValue()).toBe('The big file');
    await other.page.context().close();
    await dialog(page).getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => dialog(page).count()).toBe(0);
    await expect.poll(kept).toBe('');
    await reloadApp(page);
    await page.locator('.row').nth(10).waitFor();
    expect(await dialog(page).count()).toBe(0);
    expect(kept()).toBe('');
  });

  it('a restored message with nothing typed in it gives way to the next one', async () => {
    await navigate(page, '#/inbox/e45');
    await expect.poll(() => page.locator('#message-subject').innerText()).toBe('Re: Renewal quote');
    await press(page, 'r');
    await expect.poll(() => dialog(page).getAttribute('aria-label')).toBe('Reply');
    await expect.poll(kept).toContain('"mode":"reply"');
    await reloadApp(page);
    await expect.poll(() => dialog(page).getAttribute('aria-label')).toBe('Reply');
    await page.locator('.row').nth(10).waitFor();
    await press(page, 'c');
    await expect.poll(() => dialog(page).getAttribute('aria-label')).toBe('New message');
    await dialog(page).getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => dialog(page).count()).toBe(0);
  });

  it('× on a message with writing in it keeps it: "Closed … Undo", and c opens it again, not a blank one', async () => {
    await press(page, 'c');
    const d = dialog(page);
    await d.getByLabel('To').fill('erin@acme.test');
    await d.getByLabel('Subject').fill('Offsite plans');
    await d.getByLabel('Message').fill('Words that must not be lost');
    await d.getByRole('button', { name: 'Close (kept as a draft)' }).click();
    await expect.poll(() => dialog(page).count()).toBe(0);
    await expect.poll(() => status(page)).toMatch(/^Closed “Offsite plans”; it is kept as a draft\./);
    // Undo opens it again, as it was.
    await page.getByRole('button', { name: 'Undo (z)' }).click();
    await expect.poll(() => dialog(page).getByLabel('Message').inputValue()).toBe('Words that must not be lost');
    // Closed again, then a new message: the draft comes back instead of a blank one over it.
    await dialog(page).getByRole('button', { name: 'Close (kept as a draft)' }).click();
    await expect.poll(() => dialog(page).count()).toBe(0);
    await press(page, 'c');
    await expect.poll(() => dialog(page).count()).toBe(1);
    expect(await dialog(page).getByLabel('Subject').inputValue()).toBe('Offsite plans');
    expect(await dialog(page).getByLabel('Message').inputValue()).toBe('Words that must not be lost');
    expect(await status(page)).toBe(
      'Your draft “Offsite plans” is open again: send it or discard it before you start another message.',
    );
    // Nothing in reopening it clears what is kept (a time, for an absence).
    await page.waitForTimeout(600);
    expect(kept()).toContain('Words that must not be lost');
    // Discarded on purpose, it goes; then × on an empty message keeps nothing in the way.
    await dialog(page).getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => dialog(page).count()).toBe(0);
    await press(page, 'c');
    await expect.poll(() => dialog(page).getAttribute('aria-label')).toBe('New message');
    expect(await dialog(page).getByLabel('Subject').inputValue()).toBe('');
    await dialog(page).getByRole('button', { name: 'Close (kept as a draft)' }).click();
    await press(page, 'c');
    await expect.poll(() => dialog(page).count()).toBe(1);
    expect(await dialog(page).getByLabel('Subject').inputValue()).toBe('');
    await dialog(page).getByRole('button', { name: 'Discard' }).click();
    expect(errors).toEqual([]);
  });

  it('the status line after × on a draft, light and dark', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const { page: p, errors: e } = await openPage(suite.browser, suite.hosted.host.url, theme, SCREEN);
      await p.locator('.row').nth(10).waitFor();
      await press(p, 'c');
      await p.getByRole('dialog').getByLabel('Subject').fill('Offsite plans');
      await p.getByRole('dialog').getByLabel('Message').fill('Words that must not be lost');
      await p.getByRole('dialog').getByRole('button', { name: 'Close (kept as a draft)' }).click();
      await expect.poll(() => status(p)).toMatch(/^Closed “Offsite plans”; it is kept as a draft\./);
      await p.screenshot({ path: screenshotPath(`compose-closed-draft-${theme}`) });
      expect(await axeViolations(p), theme).toEqual([]);
      await p.getByRole('button', { name: 'Undo (z)' }).click();
      await p.getByRole('dialog').getByRole('button', { name: 'Discard' }).click();
      expect(e).toEqual([]);
      await p.context().close();
    }
  }, 60_000);

  it('replies by keyboard (r) and by mouse: to the sender, Re: subject, threaded', async () => {
    await navigate(page, '#/inbox/e45');
    await expect.poll(() => page.locator('#message-subject').innerText()).toBe('Re: Renewal quote');
    await press(page, 'r');
    const d = dialog(page);
    await expect.poll(() => d.getAttribute('aria-label')).toBe('Reply');
    expect(await d.locator('.reply-to').innerText()).toBe('To carla@globex.test');
    expect(await d.getByLabel('Subject').inputValue()).toBe('Re: Renewal quote');
    await page.keyboard.type('The quote is on its way.');
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => sentWith('Re: Renewal quote').length, { timeout: 10_000 }).toBe(1);
    const [reply] = sentWith('Re: Renewal quote');
    expect(reply!.to).toHaveLength(1);
    expect(reply!.to[0]).toMatch(/<carla@globex\.test>$|^carla@globex\.test$/);
    expect(reply!.inReplyTo).toBe('e45');
    // Mouse.
    await page.getByRole('button', { name: 'Reply (r)' }).click();
    await dialog(page).getByLabel('Message').fill('And the signed copy.');
    await dialog(page).getByRole('button', { name: /^Send/ }).click();
    await expect.poll(() => sentWith('Re: Renewal quote').length, { timeout: 10_000 }).toBe(2);
  });

  it('says before sending that a no-reply address probably reads nothing, and still sends', async () => {
    await navigate(page, '#/inbox/e22');
    await expect
      .poll(() => page.locator('#message-subject').innerText())
      .toBe('Your e-ticket receipt: Berlin to Hamburg');
    await press(page, 'r');
    const d = dialog(page);
    await expect.poll(() => d.locator('.reply-to').innerText()).toBe('To no-reply@railtix.test');
    expect(await d.getByRole('note').innerText()).toBe(
      'no-reply@railtix.test is probably an address nobody reads: what you send may never reach a person.',
    );
    await d.getByLabel('Message').fill('Can I change the seat?');
    await page.screenshot({ path: screenshotPath('compose-no-reply-light') });
    // A warning, not a refusal: the send goes as any other.
    await d.getByRole('button', { name: /^Send/ }).click();
    const subject = 'Re: Your e-ticket receipt: Berlin to Hamburg';
    await expect.poll(() => sentWith(subject).length, { timeout: 10_000 }).toBe(1);
    // A new message says it too, for an address typed; a person's address is left alone.
    await press(page, 'c');
    await dialog(page).getByLabel('To').fill('bob@acme.test');
    expect(await dialog(page).getByRole('note').count()).toBe(0);
    await dialog(page).getByLabel('To').fill('bob@acme.test, donotreply@shop.test');
    await expect.poll(() => dialog(page).getByRole('note').innerText()).toMatch(/^donotreply@shop\.test is probably/);
    await dialog(page).getByRole('button', { name: 'Discard' }).click();
    expect(errors).toEqual([]);
  });

  it('a send counts down on every screen it is taken to; its Undo works there, its z only where it was sent', async () => {
    suite.hosted.profile.setSetting('undoWindowSeconds', '8');
    try {
      for (const how of ['mouse', 'window'] as const) {
        await navigate(page, '#/inbox');
        await press(page, 'c');
        const d = dialog(page);
        await d.getByLabel('To').fill('bob@acme.test');
        await d.getByLabel('Subject').fill(`Across screens (${how})`);
        await d.getByLabel('Message').fill('Sent, then the person went to Settings.');
        await d.getByRole('button', { name: /^Send/ }).click();
        await expect.poll(() => status(page)).toMatch(/^Sending “Across screens/);
        await press(page, 'g', 's');
        await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#/settings');
        await onScreen(page, 'settings');
        await expect.poll(() => status(page)).toMatch(/^Sending “Across screens \(\w+\)” in \d s —/);
        const undo = page.getByRole('button', { name: 'Undo', exact: true });
        expect(await undo.count()).toBe(1);
        // z is Settings' key here, not the Inbox's undo.
        await press(page, 'z');
        expect(await status(page)).toMatch(/^Sending/);
        if (how === 'mouse') {
          await undo.click();
          await expect.poll(() => status(page)).toMatch(/Not sent: “Across screens \(mouse\)” was cancelled/);
        } else {
          await expect.poll(() => status(page), { timeout: 15_000 }).toBe('Sent “Across screens (window)”.');
          expect(await page.getByRole('button', { name: /^Undo/ }).count()).toBe(0);
        }
      }
      await expect.poll(() => sentWith('Across screens (window)').length, { timeout: 10_000 }).toBe(1);
      expect(sentWith('Across screens (mouse)')).toEqual([]);
    } finally {
      suite.hosted.profile.setSetting('undoWindowSeconds', '2');
    }
    expect(errors).toEqual([]);
  });

  it('a reply shows where it goes, even to an email forged as mine: the one the app sends to', async () => {
    const profile = suite.hosted.profile;
    const me = profile.primaryAccount().email;
    profile.repos.messages.upsert({
      ...profile.repos.messages.get('e45')!,
      id: 'e96',
      from: `Maya Lind <${me}>`,
      to: ['zed@attacker.test'],
      cc: [],
      messageId: '<e96@attacker.test>',
      threadId: 't-e96',
      subject: 'The numbers you asked for',
    });
    await navigate(page, '#/inbox/e96');
    await expect.poll(() => page.locator('#message-subject').innerText()).toBe('The numbers you asked for');
    await press(page, 'r');
    const d = dialog(page);
    await expect.poll(() => d.locator('.reply-to').innerText()).toBe('To zed@attacker.test');
    await d.getByLabel('Message').fill('Here they are.');
    await page.keyboard.press('Control+Enter');
    const subject = 'Re: The numbers you asked for';
    await expect.poll(() => sentWith(subject).length, { timeout: 10_000 }).toBe(1);
    expect(sentWith(subject)[0]!.to).toEqual(['zed@attacker.test']);
  });

  it('replies to all by keyboard (a) and by mouse: everyone but me', async () => {
    const m = suite.hosted.profile.repos.messages.get('e01')!;
    await navigate(page, '#/inbox/e01');
    await expect.poll(() => page.locator('#message-subject').innerText()).toBe(m.subject);
    await press(page, 'a');
    const d = dialog(page);
    await expect.poll(() => d.getAttribute('aria-label')).toBe('Reply all');
    expect(await d.locator('.reply-to').innerText()).not.toContain('maya@acme.test');
    await page.keyboard.type('Thanks all.');
    await page.keyboard.press('Control+Enter');
    const subject = `Re: ${m.subject}`;
    await expect.poll(() => sentWith(subject).length, { timeout: 10_000 }).toBe(1);
    const [all] = sentWith(subject);
    const everyone = [...all!.to, ...all!.cc];
    expect(everyone).not.toContain('maya@acme.test');
    expect(everyone.length).toBeGreaterThan(1);
    await page.getByRole('button', { name: 'Reply all (a)' }).click();
    await dialog(page).getByLabel('Message').fill('One more thing.');
    await dialog(page).getByRole('button', { name: /^Send/ }).click();
    await expect.poll(() => sentWith(subject).length, { timeout: 10_000 }).toBe(2);
  });

  it('forwards with an attachment by keyboard (f) and by mouse', async () => {
    await navigate(page, '#/inbox/e45');
    await expect.poll(() => page.locator('#message-subject').innerText()).toBe('Re: Renewal quote');
    await press(page, 'f');
    const d = dialog(page);
    await expect.poll(() => d.getAttribute('aria-label')).toBe('Forward');
    await page.keyboard.type('dev@initech.test');
    // The app's own button opens the file chooser; the browser's control ("No file chosen"
    // beside the files already attached) is not shown.
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      d.getByRole('button', { name: 'Attach files…' }).click(),
    ]);
    expect((await d.getByLabel('Attach files').boundingBox())!.width).toBeLessThanOrEqual(1);
    await chooser.setFiles({
      name: 'quote.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 the quote'),
    });
    expect(await d.getByRole('list', { name: 'Files to send' }).innerText()).toMatch(/quote\.pdf\s+18 bytes/);
    await d.getByLabel('Message').fill('FYI, with the quote.');
    await d.getByLabel('Message').press('Control+Enter');
    await expect.poll(() => sentWith('Fwd: Re: Renewal quote').length, { timeout: 10_000 }).toBe(1);
    const [fwd] = sentWith('Fwd: Re: Renewal quote');
    expect(fwd!.to).toEqual(['dev@initech.test']);
    expect(fwd!.body).toContain('FYI, with the quote.');
    const claim = suite.hosted.profile.claims.list({ limit: 100 }).find((c) => c.action.tool === 'forwardEmail')!;
    expect(JSON.stringify(claim.action.args.attachments)).toContain('quote.pdf');
    // Mouse.
    await page.getByRole('button', { name: 'Forward (f)' }).click();
    await dialog(page).getByLabel('To').fill('carla@globex.test');
    await dialog(page).getByRole('button', { name: /^Send/ }).click();
    await expect.poll(() => sentWith('Fwd: Re: Renewal quote').length, { timeout: 10_000 }).toBe(2);
  });

  it(
    "sends the assistant's draft as the person's own (fromDraft)",
    async () => {
      await page.getByRole('button', { name: /Triage new mail/ }).click();
      await expect.poll(() => status(page), { timeout: TRIAGE_TIMEOUT }).toMatch(/^Triaged/);
      // A draft whose subject nothing sent yet: earlier tests reply to some of the same threads.
      const draft = suite.hosted.profile.repos.outgoing.drafts('demo').find((d) => sentWith(d.subject).length === 0)!;
      await navigate(page, `#/inbox/${draft.inReplyTo}`);
      const form = page.locator('form.draft').first();
      await expect.poll(() => form.count()).toBe(1);
      // The assistant's notes in [brackets] are for the person: deleted before the send.
      const body = draft.body.replace(/\[[^\]]*\]\n*/g, '');
      await form.locator('textarea').fill(`${body}\n\nP.S. Sent by me.`);
      await form.getByRole('button', { name: /^Send/ }).click();
      await expect.poll(() => status(page)).toMatch(/^Sending/);
      await expect.poll(() => sentWith(draft.subject).length, { timeout: 10_000 }).toBe(1);
      expect(sentWith(draft.subject)[0]!.body).toContain('P.S. Sent by me.');
      const entry = suite.hosted.profile.audit
        .list({ kind: 'mail.sent' })
        .find((e) => JSON.stringify(e.data).includes(draft.id));
      expect(entry).toBeDefined();
      // After a reload the sent draft is offered no more: it cannot be sent twice.
      await reloadApp(page);
      await expect.poll(() => page.locator('#message-subject').count()).toBe(1);
      const left = suite.hosted.profile.repos.outgoing.draftsReplyingTo(draft.inReplyTo!).length;
      expect(left).toBe(0);
      await expect.poll(() => page.locator('form.draft').count()).toBe(0);
    },
    TRIAGE_TIMEOUT + 30_000,
  );

  it("keeps the assistant's draft as it is edited, without a click: a reload loses nothing", async () => {
    const draft = suite.hosted.profile.repos.outgoing
      .drafts('demo')
      .find((d) => !d.edited && sentWith(d.subject).length === 0)!;
    await navigate(page, `#/inbox/${draft.inReplyTo}`);
    const form = page.locator('form.draft').first();
    await expect.poll(() => form.count()).toBe(1);
    await form.locator('textarea').fill('Typed, never saved by hand.');
    await expect
      .poll(() => suite.hosted.profile.repos.outgoing.draft(draft.id)!.body, { timeout: 10_000 })
      .toBe('Typed, never saved by hand.');
    expect(await form.getByRole('button', { name: 'Saved' }).isDisabled()).toBe(true);
    await reloadApp(page);
    await expect
      .poll(() => page.locator('form.draft textarea').first().inputValue())
      .toBe('Typed, never saved by hand.');
    await expect.poll(() => page.locator('form.draft').first().innerText()).toMatch(/edited by you/);
  });

  it('the compose window, light and dark: screenshots and no serious axe violations', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const { page: p, errors: e } = await openPage(
        suite.browser,
        suite.hosted.host.url.replace(/#.*$/, '#/inbox/e45'),
        theme,
      );
      await p.setViewportSize({ width: 1280, height: 800 });
      await expect.poll(() => p.locator('#message-subject').count()).toBe(1);
      await p.getByRole('button', { name: 'Forward (f)' }).click();
      await p.getByRole('dialog').getByLabel('To').fill('bob@acme.test, nobody');
      await p.getByRole('dialog').getByLabel('Message').focus();
      await expect.poll(() => p.getByRole('dialog').getByRole('alert').count()).toBe(1);
      await p.screenshot({ path: screenshotPath(`compose-${theme}`) });
      expect(await axeViolations(p), `compose (${theme})`).toEqual([]);
      await p.getByRole('dialog').getByRole('button', { name: 'Discard' }).click();
      expect(e).toEqual([]);
      await p.context().close();
    }
    expect(errors).toEqual([]);
  }, 60_000);
});
