/**
 * Settings → Language model in Chromium, against a scripted OpenAI-compatible server on
 * loopback: add a provider (the key never comes back to the page), test it, see the call in
 * the connection log without its content, remove it.
 */
import { describe, expect, it } from 'vitest';
import { startScripted } from '../main/llm/scripted-server';
import { CHROMIUM_WHY, hasChromium, hostedSuite, openPage } from './harness';
import { navigate } from './jobs';

describe.skipIf(!hasChromium)(
  `language-model providers in Settings${hasChromium ? '' : ` (skipped: ${CHROMIUM_WHY})`}`,
  () => {
    const suite = hostedSuite(() => startScripted('openai'));

    it('adds, tests and removes a provider; the log shows the call, not its content', async () => {
      const { page, errors } = await openPage(suite.browser, suite.hosted.host.url);
      await navigate(page, '#/settings');
      await page.getByRole('button', { name: /Add a provider/ }).click();
      const form = page.getByRole('form', { name: 'Add a provider' });
      await form.getByLabel('Name', { exact: true }).fill('local');
      await form.getByLabel('URL').fill(suite.server.url);
      await form.getByLabel('Model', { exact: true }).fill('qwen-small');
      await form.getByLabel(/API key/).fill('sk-e2e-secret');
      await form.getByRole('button', { name: 'Add provider' }).click();
      const row = page.locator('.providers li', { hasText: 'qwen-small' });
      await expect.poll(() => row.count()).toBe(1);
      suite.server.push({ text: 'ok' });
      await row.getByRole('button', { name: 'Test' }).click();
      await expect.poll(() => row.innerText()).toMatch(/gpt-test answered in \d+ ms/);
      expect(suite.server.headers.at(-1)!.authorization).toBe('Bearer sk-e2e-secret');
      await expect
        .poll(() => page.getByRole('table', { name: 'Connection log' }).innerText())
        .toMatch(/local\s+gpt-test\s+15\s+ok/);
      expect(await page.content()).not.toContain('sk-e2e-secret');
      await row.getByRole('button', { name: 'Remove' }).click();
      await expect.poll(() => row.count()).toBe(0);
      expect(errors).toEqual([]);
    }, 60_000);
  },
);
