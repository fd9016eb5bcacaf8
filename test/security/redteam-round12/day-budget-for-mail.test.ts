/**
 * Red-team round 12 (open risk, closed): the attacker's mail cannot spend the person's day.
 *
 * The language model's day budget (main/llm/budgets.ts) is one count over every run. Triage runs
 * on each new email with a model extractor, and the attacker decides how long their emails are
 * and how many they send; each run stops at the run budget, but triage is run again for the mail
 * it did not finish (the app's scheduler, "Triage new mail"), so long emails used the whole day,
 * and the person's own requests that day stopped at once: "today's tokens are used up".
 *
 * Closed (budgets.ts `MAIL_SHARE`, providers.ts, run-on-profile.ts): a run over incoming mail
 * (triage and its replies) may use at most half of each day's tokens and money, and says so when
 * it stops; the rest is kept for the person's own requests (Ask, a plan they run), which may use
 * the whole day.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { triageProfile, TriageStopped } from '../../../main/assistant/triage';
import { dayStart, setBudgets, usageSince } from '../../../main/llm/budgets';
import { addProvider } from '../../../main/llm/providers';
import { openProfile } from '../../../main/profile/profile';
import { runOnProfile } from '../../../main/runs/run-on-profile';
import { startScripted, type ScriptedServer } from '../../main/llm/scripted-server';

/** A model that answers everything and reports a token per four characters it was sent. */
let model: ScriptedServer;
beforeAll(async () => {
  model = await startScripted('openai');
  model.answerWith((req) => {
    const sent = (req.messages as { content: string }[]).map((m) => m.content).join('');
    const value = /labels/.test(sent) ? 'fyi' : /JSON schema/.test(sent) ? {} : 'A short summary';
    return { text: JSON.stringify({ have_enough_information: true, value }), usage: [Math.ceil(sent.length / 4), 10] };
  });
});
afterAll(() => model.stop());

const DAY = 40_000;

describe("red team round 12: mail's runs leave the person's share of the day", () => {
  it('however much mail triage reads, the person still has half the day for their own request', async () => {
    const p = openProfile(join(mkdtempSync(join(tmpdir(), 'zamburak-r12-day-')), 'p'));
    try {
      await addProvider(p, { name: 'model', kind: 'openai', url: model.url, model: 'm', for: ['extractor'] });
      setBudgets(p, { runTokens: 6_000, dayTokens: DAY });
      // Trudy's long emails, more than a day's tokens' worth.
      const [some] = p.repos.messages.page({ folder: 'INBOX', limit: 1 }).items;
      const m = p.repos.messages.get(some!.id)!;
      for (let i = 0; i < 30; i++)
        p.repos.messages.upsert({
          ...m,
          id: `atk-${i}`,
          messageId: `<atk-${i}@evil.test>`,
          from: 'Trudy <trudy@evil.test>',
          subject: `Invoice ${i}`,
          body: 'Please read this carefully before you pay. '.repeat(400),
        });
      // The scheduler runs triage again and again while mail is left untriaged.
      const stops: string[] = [];
      for (let pass = 0; pass < 25; pass++)
        try {
          await triageProfile(p, { drafts: true });
          break;
        } catch (e) {
          if (!(e instanceof TriageStopped)) throw e;
          stops.push(e.report.error?.message ?? '');
        }
      const byMail = usageSince(p, dayStart(new Date())).tokens;
      expect(byMail).toBeLessThan(DAY / 2 + 6_000);
      expect(stops.at(-1)).toMatch(/incoming mail may use/);
      // The person's own request, after all of that.
      const mine = await runOnProfile(p, {
        plan: "return await summarize('Lunch with the team on Friday at noon, at the usual place.', { maxWords: 5 });",
        mode: 'strict',
      });
      expect(mine.report.status, mine.report.error?.message).toBe('completed');
    } finally {
      p.close();
    }
  }, 240_000);
});
