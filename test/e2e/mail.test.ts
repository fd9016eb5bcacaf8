/**
 * The Inbox as a mail client, in Chromium through the browser host (one server for the file):
 * conversations, every folder, search with each operator (matches highlighted), bulk select,
 * attachments, invitations, the account switcher — each by keyboard and by mouse — and the
 * fixes found trying it as a new user (`g k`, undo bound to its screen, the token page).
 * Screenshots of each screen, light and dark, at three window sizes; no serious axe violations.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StoredMessage } from '../../main/store/repositories';
import { WRITTEN_INBOX_PAGE } from '../../preload/contract-values';
import {
  axeViolations,
  CHROMIUM_WHY,
  hasChromium,
  demoSuite,
  onScreen,
  openPage,
  reloadApp,
  runDemoPlan,
  screenshotPath,
  STEP_TIMEOUT,
  type Hosted,
} from './harness';
import { navigate } from './jobs';

const status = (page: Page) => page.locator('footer.status').innerText();
const rows = (page: Page) => page.locator('.row');
const subjects = (page: Page) => page.locator('.row .subject').allInnerTexts();
const press = (page: Page, ...keys: string[]) =>
  keys.reduce((p, k) => p.then(() => page.locator('body').press(k)), Promise.resolve());

/** Runs the demo reply to Bob and approves its claim on its Review card (ticking the deliberate check if asked). */
async function approveReplyToBob(page: Page, profile: Hosted['profile']): Promise<string> {
  const [claimId] = await runDemoPlan(profile, '01-reply-to-bob');
  await navigate(page, `#/review/${claimId}`);
  const card = page.locator('article.claim-card');
  await card.locator('h2').waitFor();
  if (await card.getByRole('checkbox').count()) await card.getByRole('checkbox').check();
  await card.getByRole('button', { name: /^Approve( \(a\))?$/ }).click();
  return claimId!;
}

/** A message with a PDF and an HTML attachment, stored as sync would store it. */
function addMessageWithAttachments(hosted: Hosted): StoredMessage {
  const p = hosted.profile;
  const id = 'att1';
  mkdirSync(join(p.files.attachments, id), { recursive: true });
  writeFileSync(join(p.files.attachments, id, 'report.pdf'), '%PDF-1.4 quarterly numbers');
  writeFileSync(join(p.files.attachments, id, 'page.html'), '<script>alert(1)</script>');
  const m: StoredMessage = {
    id,
    accountId: 'demo',
    folder: 'INBOX',
    remoteUid: null,
    messageId: '<att1@demo.zamburak.invalid>',
    threadId: 't-att1',
    from: 'Carla Rossi <carla@globex.test>',
    to: ['maya@acme.test'],
    cc: [],
    subject: 'Quarterly figures attached',
    date: '2026-03-16T08:00:00.000Z',
    body: 'Here are the quarterly figures.',
    html: null,
    unread: true,
    labels: ['\\Flagged'],
    auth: null,
    attachments: [
      { filename: 'report.pdf', contentType: 'application/pdf', size: 26, path: `${id}/report.pdf` },
      { filename: 'page.html', contentType: 'text/html', size: 25, path: `${id}/page.html` },
    ],
    category: null,
    summary: null,
    triagedAt: null,
  };
  p.repos.messages.upsert(m);
  return m;
}

describe.skipIf(!hasChromium)(`the Inbox as a mail client${hasChromium ? '' : ` (skipped: ${CHROMIUM_WHY})`}`, () => {
  const suite = demoSuite({ undoWindowSeconds: 2 });
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    addMessageWithAttachments(suite.hosted);
    ({ page, errors } = await openPage(suite.browser, suite.hosted.host.url));
    // A step that cannot happen fails in seconds, naming the step, not at the test's timeout.
    page.setDefaultTimeout(STEP_TIMEOUT);
    await page.locator('.row').nth(10).waitFor();
  }, 60_000);

  it('takes the token out of the address bar once the cookie is set', async () => {
    expect(page.url()).not.toContain('token=');
    expect(page.url()).toMatch(/#\/inbox/);
    // Reloading without it still works: the cookie carries it.
    await reloadApp(page);
    await expect.poll(() => rows(page).count()).toBeGreaterThan(10);
  });

  it('a missing or wrong token shows a page that says how to open the app', async () => {
    const context = await suite.browser.newContext();
    const p = await context.newPage();
    for (const url of [suite.hosted.host.origin + '/', `${suite.hosted.host.origin}/?token=wrong`]) {
      const res = await p.goto(url);
      expect(res?.status()).toBe(401);
      const text = await p.locator('body').innerText();
      expect(text).toContain('Open Zamburak from the address it printed');
      expect(text).toMatch(/zamburak serve/);
      expect(text).not.toMatch(/"error"/);
    }
    await context.close();
  });

  it('opens a link past the first rows the host wrote: the row shows, selected, its page read once', async () => {
    // The page as a person opens a link: the host's first rows (30), the list asking for the rest
    // as the app takes them over. Every read of a page counts: one dropped and asked again is how
    // the list once stopped at 30 rows, under load, without the linked conversation.
    const reads: string[] = [];
    const read = (r: Request) => void (r.url().endsWith('/api/inbox.page') && reads.push(r.postData() ?? ''));
    page.on('request', read);
    await reloadApp(page);
    await navigate(page, '#/inbox/e45');
    const row = page.locator('.row[data-id="e45"]');
    await expect.poll(() => row.getAttribute('aria-selected')).toBe('true');
    // Past the written rows: the 40th conversation (rows stand at their index times their height).
    const index = await row.evaluate(
      (el: HTMLElement) => new DOMMatrix(getComputedStyle(el).transform).m42 / el.offsetHeight,
    );
    expect(index).toBeGreaterThanOrEqual(WRITTEN_INBOX_PAGE.limit);
    const [list, shown] = await Promise.all([page.locator('.virtual-list').boundingBox(), row.boundingBox()]);
    expect(shown!.y).toBeGreaterThanOrEqual(list!.y);
    expect(shown!.y + shown!.height).toBeLessThanOrEqual(list!.y + list!.height + 1);
    page.off('request', read);
    expect(reads).toHaveLength(1);
  });

  it('shows dates in the list and a conversation top to bottom', async () => {
    await navigate(page, '#/inbox/e45');
    await expect.poll(() => page.locator('#message-subject').innerText()).toBe('Re: Renewal quote');
    const row = page.locator('.row[data-id="e45"]');
    expect(await row.locator('time.date').innerText()).toMatch(/\w/);
    expect(await row.locator('.thread-size').innerText()).toContain('2');
    // The earlier message (in Sent) above the open one, opened by a click.
    const earlier = page.locator('ol.thread details');
    expect(await earlier.count()).toBe(1);
    expect(await earlier.locator('summary').innerText()).toContain('Sent');
    await earlier.locator('summary').click();
    await expect.poll(() => earlier.locator('pre.body').isVisible()).toBe(true);
    // Keyboard: j opens the next conversation, k comes back.
    await press(page, 'j');
    await expect.poll(() => page.evaluate(() => window.location.hash)).not.toBe('#/inbox/e45');
    await press(page, 'k');
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#/inbox/e45');
  });

  it('browses every folder from the rail, by mouse and keyboard', async () => {
    const folders = page.getByRole('list', { name: 'Folders' });
    expect(await folders.innerText()).toMatch(/Inbox[\s\S]*Archive[\s\S]*Sent/);
    await folders.getByRole('button', { name: /^Sent/ }).click();
    await expect.poll(() => page.locator('.folder-title').innerText()).toMatch(/^Sent/);
    await expect.poll(() => subjects(page)).toContain('Renewal quote');
    // Keyboard: Tab to the Archive folder and Enter.
    const archive = folders.getByRole('button', { name: /^Archive/ });
    await archive.focus();
    await archive.press('Enter');
    await expect.poll(() => page.locator('.folder-title').innerText()).toMatch(/^Archive/);
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    await folders.getByRole('button', { name: /^Inbox/ }).click();
    await expect.poll(() => page.locator('.folder-title').innerText()).toMatch(/^Inbox/);
  });

  const search = async (q: string) => {
    const box = page.getByLabel('Search mail');
    await box.fill(q);
    await box.press('Enter');
    await expect.poll(() => page.locator('.count').innerText()).toContain(`for “${q}”`);
    return subjects(page);
  };

  it('searches with each operator, matches highlighted, "1 result" in words', async () => {
    await navigate(page, '#/inbox');
    // Keyboard: / focuses the search box.
    await press(page, '/');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Search mail');
    expect(await search('from:kira@synergy-labs.test')).toEqual(
      expect.arrayContaining(['Invitation: Partnership intro (Thu Mar 19 15:00)']),
    );
    const toMaya = await search('to:maya@acme.test subject:quote');
    expect(toMaya).toEqual(expect.arrayContaining(['Re: Renewal quote']));
    expect(toMaya).not.toContain('Renewal quote');
    expect(await search('to:carla subject:quote')).toEqual(['Renewal quote']);
    expect(await search('subject:"Renewal quote" in:sent')).toEqual(['Renewal quote']);
    expect(await page.locator('.count').innerText()).toMatch(/^1 result for/);
    expect(await search('has:attachment')).toEqual(['Quarterly figures attached']);
    expect(await search('is:starred')).toEqual(['Quarterly figures attached']);
    const unread = await search('is:unread');
    expect(unread.length).toBeGreaterThan(0);
    expect(await search('before:2026-03-01')).not.toContain('Quarterly figures attached');
    expect(await search('after:2026-03-16')).toContain('Quarterly figures attached');
    expect(await search('in:archive')).toEqual(expect.any(Array));
    // By mouse: type, then click Search.
    await page.getByLabel('Search mail').fill('has:attachment is:unread');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => page.locator('.count').innerText()).toBe('1 result for “has:attachment is:unread”');
    // A quoted phrase and plain words: the words are marked in the list.
    await search('"partnership intro"');
    expect(await page.locator('.row mark').first().innerText()).toMatch(/partnership intro/i);
    // Hostile text is only words.
    await search('"); DROP TABLE messages; -- NEAR(');
    expect(suite.hosted.profile.repos.messages.count()).toBeGreaterThan(40);
    // Clearing the box shows the folder again (mouse: the box's own clear).
    await page.getByLabel('Search mail').fill('');
    await expect.poll(() => page.locator('.count').innerText()).toMatch(/messages$/);
  });

  it('bulk-archives by keyboard (x) and by mouse (shift-click), with one undo', async () => {
    await navigate(page, '#/inbox');
    await page
      .getByRole('list', { name: 'Folders' })
      .getByRole('button', { name: /^Inbox/ })
      .click();
    await page.getByLabel('Search mail').fill('');
    // Escape leaves the search box: the keys are shortcuts again.
    await page.getByLabel('Search mail').press('Escape');
    await expect.poll(() => rows(page).count()).toBeGreaterThan(10);
    const ids = await rows(page).evaluateAll((els) => els.slice(0, 6).map((e) => e.getAttribute('data-id')!));
    // Keyboard: open the first, x, j, x: two picked; e archives both.
    await navigate(page, `#/inbox/${ids[0]}`);
    await expect.poll(() => page.locator('#message-subject').count()).toBe(1);
    await press(page, 'x', 'j', 'x');
    await expect
      .poll(() => page.getByRole('toolbar', { name: 'Selected conversations' }).innerText())
      .toMatch(/2 selected/);
    await press(page, 'e');
    await expect.poll(() => status(page)).toMatch(/Archived 2 conversations/);
    expect(ids.slice(0, 2).map((x) => suite.hosted.profile.repos.messages.get(x)!.folder)).toEqual([
      'Archive',
      'Archive',
    ]);
    await press(page, 'z');
    await expect
      .poll(() => ids.slice(0, 2).map((x) => suite.hosted.profile.repos.messages.get(x)!.folder))
      .toEqual(['INBOX', 'INBOX']);
    // Mouse: click a checkbox, shift-click another: the range between is picked.
    await expect.poll(() => page.locator(`.row[data-id="${ids[1]}"]`).count()).toBe(1);
    await page.locator(`.row[data-id="${ids[1]}"] .pick`).click();
    await page.locator(`.row[data-id="${ids[3]}"]`).click({ modifiers: ['Shift'] });
    const bar = page.getByRole('toolbar', { name: 'Selected conversations' });
    await expect.poll(() => bar.innerText()).toMatch(/3 selected/);
    await bar.getByRole('button', { name: /Mark read/ }).click();
    await expect.poll(() => status(page)).toMatch(/Marked 3 conversations read/);
    await page.locator(`.row[data-id="${ids[1]}"] .pick`).click();
    await page.locator(`.row[data-id="${ids[2]}"]`).click({ modifiers: ['Shift'] });
    await page
      .getByRole('toolbar', { name: 'Selected conversations' })
      .getByRole('button', { name: /Archive/ })
      .click();
    await expect.poll(() => status(page)).toMatch(/Archived 2 conversations/);
    expect(ids.slice(1, 3).map((x) => suite.hosted.profile.repos.messages.get(x)!.folder)).toEqual([
      'Archive',
      'Archive',
    ]);
    await page.getByRole('button', { name: 'Undo (z)' }).click();
    await expect
      .poll(() => ids.slice(1, 3).map((x) => suite.hosted.profile.repos.messages.get(x)!.folder))
      .toEqual(['INBOX', 'INBOX']);
  });

  it('lists attachments with size and type; saves under the safe name, opens only inert types', async () => {
    await navigate(page, '#/inbox/att1');
    const list = page.getByRole('region', { name: '2 attachments' });
    await expect.poll(() => list.count()).toBe(1);
    expect(await list.innerText()).toMatch(/report\.pdf\s+application\/pdf · 26 bytes/);
    // HTML is never opened here: save only.
    expect(await list.getByRole('button', { name: 'Open page.html' }).count()).toBe(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      list.getByRole('button', { name: 'Save page.html' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('page.html');
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      list.getByRole('button', { name: 'Open report.pdf' }).click(),
    ]);
    expect(popup.url()).toMatch(/^blob:/);
    await popup.close();
  });

  it('accepts an invitation by mouse and answers another by keyboard, through respondToEvent', async () => {
    await navigate(page, '#/inbox/e42');
    const card = page.getByRole('region', { name: 'Invitation' });
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.innerText()).toMatch(/Partnership intro[\s\S]*kira@synergy-labs\.test/);
    await card.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => status(page)).toMatch(/Accepted: “Partnership intro”/);
    const answers = () =>
      suite.hosted.profile.claims
        .list({ limit: 100 })
        .filter((c) => c.action.tool === 'respondToEvent')
        .map((c) => c.action.args.response);
    expect(answers()).toEqual(['accepted']);
    // Keyboard: Tab to Tentative and press Enter.
    await card.getByRole('button', { name: 'Tentative' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(answers).toEqual(['tentative', 'accepted']);
    await expect.poll(() => card.getByRole('button', { name: 'Tentative' }).getAttribute('aria-pressed')).toBe('true');
    // Committed by the outbox after the undo window: the organiser gets the answers.
    await expect
      .poll(() => suite.hosted.profile.repos.outgoing.responses('demo').map((r) => r.response), { timeout: 10_000 })
      .toEqual(expect.arrayContaining(['accepted', 'tentative']));
  });

  it('g k goes to Ask from the Inbox (k does not move first)', async () => {
    await navigate(page, '#/inbox/e45');
    await expect.poll(() => page.locator('#message-subject').count()).toBe(1);
    await press(page, 'g', 'k');
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#/ask');
    await press(page, 'g', 'i');
    await expect.poll(() => page.evaluate(() => window.location.hash)).toMatch(/^#\/inbox/);
  });

  it('the shortcut sheet opens with ? and closes with Escape, over the Inbox too', async () => {
    await navigate(page, '#/inbox/e45');
    await expect.poll(() => page.locator('#message-subject').innerText()).toBe('Re: Renewal quote');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const close of ['Escape', '?']) {
      await press(page, '?');
      await expect.poll(() => sheet.count()).toBe(1);
      // Mark read is Shift+I, written so: a lone "I" read as a lower-case L or an i.
      expect(await sheet.innerText()).toMatch(/u · Shift\+I\s+mark unread · mark read/);
      await press(page, close);
      await expect.poll(() => sheet.count()).toBe(0);
    }
  });

  it('z on another screen does not undo an Inbox archive', async () => {
    await navigate(page, '#/inbox/e45');
    await expect.poll(() => page.locator('#message-subject').innerText()).toBe('Re: Renewal quote');
    await press(page, 'e');
    await expect.poll(() => status(page)).toMatch(/Archived “Re: Renewal quote”/);
    await press(page, 'g', 'a');
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#/audit');
    await onScreen(page, 'audit');
    // The hash changes before React renders the new screen: wait for it to drop the message.
    await expect.poll(() => page.getByRole('button', { name: /^Undo/ }).count()).toBe(0);
    expect(await status(page)).not.toMatch(/Archived/);
    await press(page, 'z');
    await page.waitForTimeout(300);
    expect(suite.hosted.profile.repos.messages.get('e45')!.folder).toBe('Archive');
    await suite.hosted.app.router.dispatch('inbox.move', ['e45', 'INBOX'], 'test');
  });

  it('a message belongs to its screen: “Moved … to Archive” is gone once Settings opens', async () => {
    await navigate(page, '#/inbox/e45');
    await expect.poll(() => page.locator('#message-subject').innerText()).toBe('Re: Renewal quote');
    await press(page, 'v');
    const move = page.getByRole('form', { name: 'Move to a folder' });
    await move.getByLabel('Move to').selectOption('Archive');
    await move.getByRole('button', { name: 'Move', exact: true }).click();
    await expect.poll(() => status(page)).toMatch(/Moved “Re: Renewal quote” to Archive/);
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Settings' }).click();
    await expect.poll(() => status(page)).toBe('Ready.');
    await page.screenshot({ path: screenshotPath('status-after-move-settings') });
    // Back in the Inbox the old news does not come back either.
    await press(page, 'g', 'i');
    await expect.poll(() => page.evaluate(() => window.location.hash)).toMatch(/^#\/inbox/);
    expect(await status(page)).toBe('Ready.');
    await suite.hosted.app.router.dispatch('inbox.move', ['e45', 'INBOX'], 'test');
  });

  it('an approval’s undo stays on every screen until its window closes, then goes; z works only on Review', async () => {
    // A window the steps on Settings fit in on a loaded machine; its end is waited for, not timed.
    suite.hosted.profile.setSetting('undoWindowSeconds', '10');
    try {
      const claimId = await approveReplyToBob(page, suite.hosted.profile);
      await expect.poll(() => status(page)).toMatch(/^Approved: /);
      await press(page, 'g', 's');
      await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#/settings');
      await onScreen(page, 'settings');
      // Still offered here, by its button; z on Settings does not reach it.
      await expect.poll(() => page.getByRole('button', { name: 'Undo', exact: true }).count()).toBe(1);
      expect(await status(page)).toMatch(/^Approved: /);
      await press(page, 'z');
      await page.waitForTimeout(300);
      // Not undone (rejected); committed already if the machine was slow.
      expect(suite.hosted.profile.claims.get(claimId).state).not.toBe('rejected');
      await expect.poll(() => suite.hosted.profile.claims.get(claimId).state, { timeout: 20_000 }).toBe('committed');
      // The window closed: the offer is removed, not left without its button.
      await expect.poll(() => status(page)).toBe('Ready.');
      expect(await page.getByRole('button', { name: /^Undo/ }).count()).toBe(0);
    } finally {
      suite.hosted.profile.setSetting('undoWindowSeconds', '2');
    }
    expect(errors).toEqual([]);
  });

  it('Undo (z) goes once a claim is committed, and z then throws nothing', async () => {
    const claimId = await approveReplyToBob(page, suite.hosted.profile);
    await expect.poll(() => page.getByRole('button', { name: 'Undo (z)' }).count()).toBe(1);
    await expect.poll(() => suite.hosted.profile.claims.get(claimId).state, { timeout: 10_000 }).toBe('committed');
    await expect.poll(() => page.getByRole('button', { name: 'Undo (z)' }).count()).toBe(0);
    await press(page, 'z');
    await page.waitForTimeout(300);
    expect(await page.locator('footer.status').innerText()).not.toMatch(/409|conflict/i);
    expect(errors).toEqual([]);
  });

  it('every mail screen, light and dark, at 1024×700, 1280×800 and 1600×1000: no serious axe violations', async () => {
    const screens: [string, string][] = [
      ['inbox-thread', '#/inbox/e45'],
      ['inbox-invitation', '#/inbox/e42'],
      ['inbox-attachments', '#/inbox/att1'],
    ];
    for (const theme of ['light', 'dark'] as const) {
      const { page: p, errors: e } = await openPage(suite.browser, suite.hosted.host.url.replace(/#.*$/, ''), theme);
      for (const [w, h] of [
        [1024, 700],
        [1280, 800],
        [1600, 1000],
      ] as const) {
        await p.setViewportSize({ width: w, height: h });
        for (const [name, hash] of screens) {
          await navigate(p, hash);
          await expect.poll(() => p.locator('#message-subject').count()).toBe(1);
          await p.waitForTimeout(200);
          if (w === 1280 || name === 'inbox-thread')
            await p.screenshot({ path: screenshotPath(`${name}-${w}x${h}-${theme}`) });
          // The status line sits at the bottom of the window, whatever is above it.
          const box = await p.locator('footer.status').boundingBox();
          expect(box!.y + box!.height).toBeGreaterThan(h - 2);
          if (w === 1280) expect(await axeViolations(p), `${name} (${theme})`).toEqual([]);
        }
      }
      // The search results and the bulk bar.
      await p.setViewportSize({ width: 1280, height: 800 });
      await navigate(p, '#/inbox');
      const box = p.getByLabel('Search mail');
      await box.fill('quote');
      await box.press('Enter');
      await expect.poll(() => p.locator('.row mark').count()).toBeGreaterThan(0);
      await p.screenshot({ path: screenshotPath(`inbox-search-${theme}`) });
      expect(await axeViolations(p), `search (${theme})`).toEqual([]);
      await box.fill('');
      await expect.poll(() => p.locator('.count').innerText()).toMatch(/messages$/);
      await p.locator('.row .pick').nth(0).click();
      await p
        .locator('.row .pick')
        .nth(2)
        .click({ modifiers: ['Shift'] });
      await p.screenshot({ path: screenshotPath(`inbox-bulk-${theme}`) });
      expect(await axeViolations(p), `bulk (${theme})`).toEqual([]);
      expect(e).toEqual([]);
      await p.context().close();
    }
    expect(errors).toEqual([]);
  }, 180_000);
});
