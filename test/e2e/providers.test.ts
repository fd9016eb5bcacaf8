/**
 * Settings → Language model in Chromium, against a scripted OpenAI-compatible server on
 * loopback: add a provider (the key never comes back to the page), test it, see the call in
 * the connection log without its content, remove it.
 */
import { describe, expect, it } from 'vitest';
import { startScripted } from '../main/llm/scripted-server';
import { axeViolations, CHROMIUM_WHY, hasChromium, hostedSuite, openPage } from './harness';
import { navigate } from './jobs';

describe.skipIf(!hasChromium)(
  `language-model providers in Settings${hasChromium ? '' : ` (skipped: ${CHROMIUM_WHY})`}`,
  () => {
    const suite = hostedSuite(() => startScripted('openai'));

    it('adds, tests, budgets and removes a provider; Ask plans with it; the log shows the call, not its content', async () => {
      const { page, errors } = await openPage(suite.browser, suite.hosted.host.url);
      await navigate(page, '#/settings');
      await page.getByRole('button', { name: /Add a provider/ }).click();
      const form = page.getByRole('form', { name: 'Add a provider' });
      await form.getByLabel('Name', { exact: true }).fill('local');
      await form.getByLabel('URL').fill(suite.server.url);
      await form.getByLabel('Model', { exact: true }).fill('qwen-small');
      await form.getByLabel(/API key/).fill('sk-e2e-secret');
      await form.getByLabel(/per million input/).fill('2');
      await form.getByLabel(/per million output/).fill('10');
      // Adding it tests it: only a provider that answers is made the planner.
      suite.server.push({ text: 'ok' });
      await form.getByRole('button', { name: 'Add provider' }).click();
      const row = page.locator('.providers li', { hasText: 'qwen-small' });
      await expect.poll(() => row.count()).toBe(1);
      await expect.poll(() => page.locator('footer.status').innerText()).toMatch(/local added: .*serves planner/);
      suite.server.push({ text: 'ok' });
      await row.getByRole('button', { name: 'Test' }).click();
      await expect.poll(() => row.innerText()).toMatch(/gpt-test answered in \d+ ms/);
      expect(suite.server.headers.at(-1)!.authorization).toBe('Bearer sk-e2e-secret');
      await expect
        .poll(() => page.getByRole('table', { name: 'Connection log' }).innerText())
        .toMatch(/local\s+gpt-test\s+15\s+0\.0001\s+ok/);
      expect(await row.innerText()).toContain('$2 in / $10 out per million tokens');
      expect(await page.content()).not.toContain('sk-e2e-secret');

      // The budgets: today's use is shown; a bad value is refused, a good one kept.
      const budgets = page.getByRole('form', { name: 'Budgets' });
      await expect.poll(() => budgets.innerText()).toContain('Used today (UTC): 30 tokens, $0.00');
      await budgets.getByLabel('Tokens each time the assistant works').fill('500');
      await budgets.getByLabel('Dollars (USD) per day').fill('');
      await budgets.getByRole('button', { name: 'Save budgets' }).click();
      await expect.poll(() => budgets.innerText()).toContain('Budgets saved.');
      expect(suite.hosted.profile.setting('llm.budgets')).toContain('"runTokens":500');
      expect(suite.hosted.profile.setting('llm.budgets')).toContain('"dayCostUsd":null');

      // The planner serves Ask: a request no playbook covers gets a plan written by the model.
      const planner = page.getByLabel('Plans requests');
      expect(await planner.inputValue()).toBe('local');
      suite.server.push({
        // The comment is markup a hostile model might write: shown as text, never as an element.
        text: '```js\n// <img src="x" onerror="document.title=1">\nconst found = await searchEmails({ query: "release" });\nreturn found.length;\n```',
      });
      await navigate(page, '#/ask');
      await page.getByLabel('What should the assistant do?').fill('how many emails mention the release?');
      await page.getByRole('button', { name: 'Ask', exact: true }).click();
      const answer = page.getByRole('region', { name: 'Answer' });
      await expect.poll(() => answer.innerText()).toContain('written by local (qwen-small)');
      expect(await answer.locator('.plan-code .tok-tool').allInnerTexts()).toEqual(['searchEmails']);
      expect(await answer.locator('.plan-code .tok-comment').innerText()).toContain('<img src="x"');
      expect(await answer.locator('.plan-code img').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await navigate(page, '#/settings');
      await page.getByLabel('Plans requests').selectOption('');
      await expect.poll(() => row.innerText()).toContain('qwen-small');
      expect(suite.hosted.profile.setting('llm.providers')).toContain('"for":[]');
      await row.getByRole('button', { name: 'Remove' }).click();
      // Remove asks first, saying what goes; nothing is removed until the person says yes.
      expect(await row.getByRole('group', { name: 'Remove it?' }).innerText()).toMatch(
        /^Remove the provider “\S+”\? .* (deleted from this computer)/,
      );
      await row.getByRole('button', { name: 'Yes, remove' }).click();
      await expect.poll(() => row.count()).toBe(0);
      expect(errors).toEqual([]);
    }, 60_000);

    it('a provider that fails its test is added but not selected as the planner', async () => {
      const { page, errors } = await openPage(suite.browser, suite.hosted.host.url);
      await navigate(page, '#/settings');
      await page.getByRole('button', { name: /Add a provider/ }).click();
      const form = page.getByRole('form', { name: 'Add a provider' });
      await form.getByLabel('Name', { exact: true }).fill('broken');
      await form.getByLabel('URL').fill(suite.server.url);
      await form.getByLabel('Model', { exact: true }).fill('qwen-broken');
      suite.server.push({ status: 401, body: '{"error":{"message":"bad key"}}' });
      await form.getByRole('button', { name: 'Add provider' }).click();
      await expect
        .poll(() => page.locator('footer.status').innerText())
        .toMatch(/broken added but not selected: its test failed/);
      expect(await page.getByLabel('Plans requests').inputValue()).toBe('');
      expect(suite.hosted.profile.setting('llm.providers')).toMatch(/"name":"broken"[^}]*"for":\[\]/);
      expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    }, 60_000);
  },
);
