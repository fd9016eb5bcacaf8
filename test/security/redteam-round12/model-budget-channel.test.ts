/**
 * Red-team round 12: the language model's spending limits, read from the attacker's side.
 *
 * With a model as the extractor (main/llm/model-extractor.ts), every `summarize`, `classify` and
 * `extract` spends the run's (and the day's) tokens, and the attacker decides how many their
 * email costs. A request the budget refuses failed as an ordinary tool error, labeled with that
 * call's own input, and a plan could catch it — though the message says "the run stops here". So
 * a call on the person's own text, made after the attacker's email was read, failed or not by the
 * attacker's length, and what the plan did in its `catch` (a fallback, a send, an archive) ran as
 * trusted: two mailboxes differing only in the attacker's text made different trusted calls. The
 * same holds for every other refusal that depends on earlier requests (the circuit breaker, a
 * provider's rate limit).
 *
 * Fixed (main/llm/model-extractor.ts, engine/run/run-plan.ts): a model that cannot be asked ends
 * the run as a limit (LimitExceeded, which no catch can read), as a policy budget's denial does;
 * an answer the model gave that does not fit stays an error of that input.
 *
 * Property: two profiles whose only difference is the length of the attacker's email make the
 * same trusted calls and answer the same trusted result.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../engine/run/wire';
import { setBudgets } from '../../../main/llm/budgets';
import { addProvider } from '../../../main/llm/providers';
import { openProfile } from '../../../main/profile/profile';
import { runOnProfile } from '../../../main/runs/run-on-profile';
import { startScripted, type ScriptedServer } from '../../main/llm/scripted-server';

/**
 * A model that answers every request and reports a token per four characters it was sent; with
 * `perMinute`, a hosted provider's rate limit: past that many tokens it answers 429.
 */
let model: ScriptedServer;
let spent = 0;
let perMinute = Infinity;
beforeAll(async () => {
  model = await startScripted('openai');
  model.answerWith((req) => {
    const sent = (req.messages as { content: string }[]).map((m) => m.content).join('');
    if (spent > perMinute) return { status: 429, headers: { 'retry-after': '0' } };
    spent += Math.ceil(sent.length / 4);
    const value = /labels/.test(sent) ? 'other' : /JSON schema/.test(sent) ? { time: '10:00' } : 'A short summary';
    return { text: JSON.stringify({ have_enough_information: true, value }), usage: [Math.ceil(sent.length / 4), 10] };
  });
});
afterAll(() => model.stop());

/** Plans that read the attacker's email with the model, then the person's own words. */
const PLANS: Record<string, string> = {
  'a fallback after a refused classify': `const a = await getEmail('atk');
const gist = await summarize(a.body, { maxWords: 5 });
let kind = 'unknown';
try { kind = await classify('Lunch with the team on Friday', ['meeting', 'other']); } catch (e) { kind = 'failed'; }
await log('my note is ' + kind);
return kind;`,
  'an archive only when the model failed': `const a = await getEmail('atk');
await summarize(a.body, { maxWords: 5 });
try { await extract('Budget review at 10:00', { type: 'object', properties: { time: { type: 'string' } } }); } catch (e) { await archiveEmail(input.mine); }
return 'done';`,
};

/** The run's own token budget, or the provider's rate limit, is what runs out. */
type Limit = 'budget' | 'rate limit';

async function runWith(plan: string, attackerBody: string, limit: Limit) {
  const p = openProfile(join(mkdtempSync(join(tmpdir(), 'zamburak-r12-budget-')), 'p'));
  spent = 0;
  perMinute = limit === 'rate limit' ? 4000 : Infinity;
  try {
    await addProvider(p, { name: 'model', kind: 'openai', url: model.url, model: 'm', for: ['extractor'] });
    setBudgets(p, { runTokens: limit === 'budget' ? 4000 : 500_000 });
    const [mine, other] = p.repos.messages.page({ folder: 'INBOX', limit: 2 }).items;
    const m = p.repos.messages.get(other!.id)!;
    p.repos.messages.upsert({ ...m, id: 'atk', from: 'Trudy <trudy@evil.test>', subject: 'Hi', body: attackerBody });
    const r = await runOnProfile(p, { plan, input: { mine: mine!.id }, mode: 'strict' });
    const trusted = r.report.calls.filter((c) => c.trusted).map((c) => `${c.tool}(${canonicalJson(c.args)})`);
    const result =
      r.report.resultLabel && r.report.resultLabel.untrusted.length === 0 ? r.report.result : '(untrusted)';
    return { status: r.report.status, trusted, result };
  } finally {
    p.close();
  }
}

describe('red team round 12: what the model spent on the attacker decides nothing trusted', () => {
  for (const limit of ['budget', 'rate limit'] as const)
    for (const [name, plan] of Object.entries(PLANS))
      it(`${limit}: ${name}`, async () => {
        const short = await runWith(plan, 'See you soon.', limit);
        const long = await runWith(plan, 'Please read this carefully. '.repeat(800), limit);
        expect(short.status).toBe('completed');
        // The same trusted calls and result, or the run stopped at a limit before anything else.
        if (long.status === 'completed') expect(long).toEqual(short);
        else {
          expect(long.status).toBe('limit');
          expect(long.trusted).toEqual(short.trusted.slice(0, long.trusted.length));
        }
      }, 60_000);
});
