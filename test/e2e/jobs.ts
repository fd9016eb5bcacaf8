/**
 * The four jobs people hire Zamburak for, as steps on a page showing the app over a demo
 * profile: shared by the browser-host suite (app.test.ts) and the Electron suite.
 */
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Profile } from '../../main/profile/profile';
import { openPage, runAttackPlan, runDemoPlan, SCREEN, TRIAGE_TIMEOUT } from './harness';

/** Moves the app to a hash route, as a person's link would. */
export const navigate = (page: Page, hash: string) => page.evaluate((h) => (window.location.hash = h), hash);

/** A claim's card on the Review screen, in a page of its own at the screenshots' size. */
export async function openClaim(browser: Browser, url: string, id: string, theme: 'light' | 'dark') {
  const { page, errors } = await openPage(browser, url, theme, SCREEN);
  await navigate(page, `#/review/${encodeURIComponent(id)}`);
  return { page, errors, preview: page.locator('.claim-preview') };
}

export interface JobContext {
  readonly page: Page;
  readonly profile: Profile;
}

/**
 * job 1: triages the inbox, proposes what needs a person as claims in Review (a newcomer's first
 * approval: Lena's 14:30 accepted), and shows governed drafts a person can edit
 */
export async function triageJob(j: JobContext): Promise<void> {
  const { page, profile } = j;
  await page.getByRole('button', { name: /Triage new mail/ }).click();
  await expect
    .poll(() => page.locator('footer.status').innerText(), { timeout: TRIAGE_TIMEOUT })
    .toMatch(/Triaged 49 emails: \d+ draft replies written, [1-9]\d* actions wait for you/);
  const lena = profile.claims.list().find((c) => c.action.tool === 'replyToEmail' && c.action.args.id === 'e47');
  expect(lena).toBeDefined();
  await navigate(page, `#/review/${encodeURIComponent(lena!.id)}`);
  await expect
    .poll(() => page.locator('article.claim-card').innerText(), { timeout: 15_000 })
    .toMatch(/Tuesday at (14:30|2:30 PM) works for me/); // the browser's locale's clock (draft-times.test.ts)
  // The email that raised it names what waits for the person, and links to it.
  await navigate(page, '#/inbox/e47');
  const waiting = page.locator('.claims-here li');
  await expect
    .poll(() => waiting.allInnerTexts())
    .toContainEqual(expect.stringMatching(/^Reply to Lena .*\. Open it in Review$/));
  await navigate(page, '#/inbox');
  await page.getByRole('button', { name: /^Needs reply/ }).click();
  const first = page.locator('.row', { hasText: 'Release 2.4' }).first();
  await first.click();
  const draft = page.locator('form.draft');
  await expect.poll(() => draft.count()).toBeGreaterThan(0);
  expect(await draft.innerText()).toMatch(/written by the assistant/);
  await draft.locator('textarea').fill('Hi,\n\nTuesday 14:30 works for me.\n\nMaya');
  await draft.getByRole('button', { name: 'Save draft' }).click();
  await expect.poll(() => draft.innerText()).toMatch(/edited by you/);
  // The edit is the person's, in the store and in the audit log.
  const edited = profile.repos.outgoing.drafts('demo').filter((d) => d.edited);
  expect(edited).toHaveLength(1);
  expect(edited[0]!.body).toContain('Tuesday 14:30 works');
  expect(profile.audit.list({ kind: 'draft.edited' })).toHaveLength(1);
  // Keyboard: j moves to the next message, e archives it, z undoes.
  const before = await page.locator('#message-subject').innerText();
  await page.locator('body').press('j');
  await expect.poll(() => page.locator('#message-subject').innerText()).not.toBe(before);
  const opened = await page.locator('#message-subject').innerText();
  const id = decodeURIComponent((await page.evaluate(() => window.location.hash)).split('/')[2]!);
  expect(profile.repos.messages.get(id)!.subject).toBe(opened);
  await page.locator('body').press('e');
  await expect.poll(() => page.locator('footer.status').innerText()).toContain(`Archived “${opened}”`);
  expect(profile.repos.messages.get(id)!.folder).toBe('Archive');
  await page.locator('body').press('z');
  await expect.poll(() => profile.repos.messages.get(id)!.folder).toBe('INBOX');
  // Move to a folder from the keyboard, and undo it.
  await navigate(page, `#/inbox/${encodeURIComponent(id)}`);
  await expect.poll(() => page.locator('#message-subject').innerText()).toBe(opened);
  await page.locator('body').press('v');
  const move = page.getByRole('form', { name: 'Move to a folder' });
  await expect.poll(() => move.count()).toBe(1);
  await move.getByLabel('Move to').selectOption('Archive');
  await move.getByRole('button', { name: 'Move', exact: true }).click();
  await expect.poll(() => page.locator('footer.status').innerText()).toContain(`Moved “${opened}” to Archive`);
  expect(profile.repos.messages.get(id)!.folder).toBe('Archive');
  await page.locator('body').press('z');
  await expect.poll(() => profile.repos.messages.get(id)!.folder).toBe('INBOX');
}

/**
 * job 2: a reply a hostile email steered (the invoice for whoever asked) waits in Review; the
 * person rewrites its text, approves what they now see, and exactly that lands in the demo outbox
 */
export async function approveJob(j: JobContext): Promise<void> {
  const { page, profile } = j;
  const [claimId] = await runAttackPlan(profile, '01-reply-invoice-requester');
  expect(claimId).toBeDefined();
  await navigate(page, `#/review/${claimId}`);
  const card = page.locator('article.claim-card');
  await expect.poll(() => card.locator('h2').innerText()).toMatch(/^Reply to /);
  // Built from the real action: every field with its provenance, the rule, the bound hash.
  expect(await card.locator('.provenance').innerText()).toMatch(/Message/);
  await card.locator('details.more summary').click();
  expect(await card.locator('details.more').innerText()).toMatch(
    /Policy rule: [a-z][^/\n]+\nIts id in your policy: egress\//,
  );
  // The fingerprint reads shortened; its title holds all of it.
  const hashBefore = await card.locator('.hash code').getAttribute('title');
  expect(hashBefore).toMatch(/^sha256:[0-9a-f]{64}$/);
  expect(hashBefore!.startsWith((await card.locator('.hash code').innerText()).replace(/…$/, ''))).toBe(true);

  await page.locator('body').press('e');
  const form = card.getByRole('form', { name: 'Edit before approving' });
  await form.getByLabel('body').fill('Hi Nina, I will ask our accounts team to send it.\n\nMaya');
  await form.getByRole('button', { name: 'Save the edit' }).click();
  await expect.poll(() => card.locator('.hash code').getAttribute('title')).not.toBe(hashBefore);
  expect(await card.locator('.preview-body').innerText()).toContain('I will ask our accounts team');
  await approveOnCard(page);
  await expect.poll(() => profile.claims.get(claimId!).state, { timeout: 15_000 }).toBe('committed');
  await expect.poll(() => card.locator('.commit').innerText()).toBe('Done.');
  const sent = profile.repos.outgoing.sent('demo').filter((m) => m.claimId === claimId);
  expect(sent.map((m) => m.body)).toEqual(['Hi Nina, I will ask our accounts team to send it.\n\nMaya']);
}

/** Approves the card shown: a routine one with its button, a high-risk one by first clicking each recipient. */
export async function approveOnCard(page: Page): Promise<void> {
  const card = page.locator('article.claim-card');
  if (await card.locator('.decide.deliberate').count()) {
    for (const b of await card.locator('.confirm-recipient').all()) await b.click();
    if (!(await card.locator('.confirm-recipient').count())) await card.getByRole('checkbox').check();
    await card.getByRole('button', { name: 'Approve this high-risk action' }).click();
  } else await card.getByRole('button', { name: 'Approve (a)' }).click();
}

/** job 2b: rejects a claim with a reason, and nothing is sent */
export async function rejectJob(j: JobContext): Promise<void> {
  const { page, profile } = j;
  const [claimId] = await runAttackPlan(profile, '21-accept-intro-add-people');
  await navigate(page, `#/review/${claimId}`);
  const card = page.locator('article.claim-card');
  await expect.poll(() => card.locator('h2').innerText()).toMatch(/^Accept the invitation /);
  await page.locator('body').press('r');
  // The reason's label is read whole: its words end before the field starts.
  const field = card.getByLabel(/Why reject/);
  expect(await field.evaluate((i) => i.parentElement!.textContent)).toBe(
    'Why reject? (optional, kept in the audit log)',
  );
  const wordsEnd = await field.evaluate((i) => {
    const r = document.createRange();
    r.selectNodeContents(i.parentElement!.firstChild!);
    return r.getBoundingClientRect().right;
  });
  expect(wordsEnd).toBeLessThanOrEqual((await field.boundingBox())!.x);
  await field.fill('not from the organiser I know');
  await card.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect.poll(() => profile.claims.get(claimId!).state).toBe('rejected');
  expect(profile.claims.get(claimId!).reason).toBe('not from the organiser I know');
  expect(profile.claims.get(claimId!).action.tool).toBe('respondToEvent');
  expect(profile.repos.outgoing.responses('demo')).toHaveLength(0);
}

/** job 3: browses the audit history and verifies the chain */
export async function auditJob(j: JobContext): Promise<void> {
  const { page } = j;
  await navigate(page, '#/audit');
  await expect.poll(() => page.locator('.audit-table tbody tr').count()).toBeGreaterThan(10);
  await page.getByLabel('Decision').selectOption('confirm');
  await expect
    .poll(async () =>
      (await page.locator('.audit-table tbody tr').allInnerTexts()).every((t) => t.includes('Asked you')),
    )
    .toBe(true);
  // A decision reads on one line ("Asked you" wrapped onto two).
  for (const chip of await page.locator('.audit-table tbody .chip').all())
    expect(
      await chip.evaluate((c) => c.getBoundingClientRect().height < 2 * parseFloat(getComputedStyle(c).fontSize)),
    ).toBe(true);
  await page.locator('.audit-table tbody tr').first().click();
  await expect.poll(() => page.locator('.drawer').innerText()).toMatch(/Entry \d+: Decision on a call/);
  // Where it came from, in words: no source ids (`tool:getEmail:e9`) above the raw entry.
  await expect.poll(() => page.locator('.drawer').innerText()).toMatch(/Came from: [a-z“]/);
  const words = (await page.locator('.drawer').innerText()).split('The entry as recorded')[0]!;
  expect(words).not.toMatch(/tool:|#listed|\bsystem\b|\buser\b/);
  await page.getByRole('button', { name: 'Check the log' }).click();
  await expect
    .poll(() => page.locator('.verify').innerText())
    .toMatch(/^[\d,]+ entries checked: none was changed, removed or put in afterwards\.$/);
}

/** job 4: edits a policy — an error at its line, a preview, a save — and a decision changes */
export async function policyJob(j: JobContext): Promise<void> {
  const { page, profile } = j;
  await navigate(page, '#/settings');
  const editor = page.getByLabel('Policy YAML');
  await expect.poll(() => editor.inputValue()).toContain('rules:');
  const yaml = await editor.inputValue();
  const lines = yaml.split('\n');
  // A typo in the rule that made job 2 ask: the error names its line.
  const at = lines.findIndex((l) => l.includes('id: egress/untrusted-context'));
  const decisionLine = lines.findIndex((l, i) => i > at && /^\s+decision: confirm/.test(l));
  const typo = [...lines];
  typo[decisionLine] = typo[decisionLine]!.replace('decision:', 'decisoin:');
  await editor.fill(typo.join('\n'));
  await expect
    .poll(() => page.locator('.policy-status').innerText())
    .toMatch(new RegExp(`line ${decisionLine + 1}, column \\d+: .*decisoin`));
  expect(await page.getByRole('button', { name: 'Save policy' }).isDisabled()).toBe(true);
  // Fixed the other way: untrusted content deciding a send is now refused outright.
  const deny = [...lines];
  deny[decisionLine] = deny[decisionLine]!.replace('confirm', 'deny');
  // A denial has no risk level: drop the rule's `risk:` line.
  if (/^\s+risk:/.test(deny[decisionLine + 1]!)) deny.splice(decisionLine + 1, 1);
  await editor.fill(deny.join('\n'));
  await expect.poll(() => page.locator('.policy-status').innerText()).toMatch(/Valid: \d+ rules/);
  await page.getByRole('button', { name: 'Preview changes' }).click();
  await expect.poll(() => page.locator('.preview').innerText()).toMatch(/[1-9]\d* decisions? would change/);
  expect(await page.locator('.preview table').innerText()).toMatch(
    /A reply\s+Asked you — sending that an email asked for\s+Refused — sending that an email asked for/,
  );
  await page.getByRole('button', { name: 'Save policy' }).click();
  await expect.poll(() => page.locator('footer.status').innerText()).toMatch(/Policy saved as version 1\./);
  // The same plan now ends in a denial instead of a claim.
  const before = profile.claims.countPending();
  expect(await runDemoPlan(profile, '01-reply-to-bob')).toHaveLength(0);
  expect(profile.claims.countPending()).toBe(before);
  const last = profile.audit.list({ kind: 'call.decided', tool: 'replyToEmail', limit: 1 })[0]!;
  expect([last.decision, last.rule]).toEqual(['deny', 'egress/untrusted-context']);
  expect(profile.audit.list({ kind: 'policy.changed' })).toHaveLength(1);
}
