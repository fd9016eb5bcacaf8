/**
 * The planner against scripted, hostile model answers: a tool that does not exist, code outside
 * the subset, reaching for globals — each refused by the plan front end with its position, fed
 * back as the compiler's verdict only, and never run; a repaired answer is accepted; a model that
 * never gets it right ends in PlannerFailed. The prompt carries no mail.
 */
import { describe, expect, it } from 'vitest';
import {
  extractPlan,
  plannerPrompt,
  planRequest,
  PlannerFailed,
  type ChatMessage,
} from '../../../engine/agent/planner';

const tools = [
  { name: 'listEmails', doc: 'listEmails({folder?, limit?}) → emails', kind: 'source' },
  { name: 'createDraft', doc: 'createDraft({to, subject, body}) → {id}', kind: 'local' },
];
const input = { request: 'draft a thank-you to Bob', user: { name: 'Maya', addresses: ['maya@acme.test'] }, tools };

function scripted(...answers: string[]) {
  const seen: { system: string; messages: readonly ChatMessage[] }[] = [];
  return {
    seen,
    complete: async (req: { system: string; messages: readonly ChatMessage[] }) => {
      seen.push({ system: req.system, messages: [...req.messages] });
      return answers.shift() ?? '';
    },
  };
}

const js = (code: string) => '```js\n' + code + '\n```';

describe('the planner', () => {
  it('builds its prompt from trusted parts only: rules, tool docs, the request, the user', () => {
    const { system, user } = plannerPrompt(input);
    expect(system).toContain('listEmails({folder?, limit?})');
    expect(system).toContain('Maya (maya@acme.test)');
    // How to pick one person's items so that nobody else's decide which (engine/policy/README.md).
    expect(system).toContain('listEvents `organizer`');
    expect(user).toBe('draft a thank-you to Bob');
  });

  it('accepts a plan inside the subset at once', async () => {
    const m = scripted(js("await createDraft({ to: ['bob@acme.test'], subject: 'Thanks', body: 'Thank you!' });"));
    const r = await planRequest(input, m.complete);
    expect(r).toEqual({
      source: "await createDraft({ to: ['bob@acme.test'], subject: 'Thanks', body: 'Thank you!' });",
      attempts: 1,
    });
  });

  it.each([
    ['a tool not in the registry', "await sendEmail({ to: ['x@evil.example'], subject: 's', body: 'b' });"],
    ['a global', 'const g = globalThis; await g.listEmails({});'],
    ['the process object', 'process.exit(1);'],
    ['code outside the subset', 'class A {}; new A();'],
    ['eval', "eval('1+1');"],
  ])('refuses %s, says why, and takes a repaired plan', async (_what, bad) => {
    const m = scripted(
      js(bad),
      js("await createDraft({ to: ['bob@acme.test'], subject: 'Thanks', body: 'Thank you!' });"),
    );
    const r = await planRequest(input, m.complete);
    expect(r.attempts).toBe(2);
    const feedback = m.seen[1]!.messages.at(-1)!.content;
    expect(feedback).toMatch(/^That plan was refused: .+\(line \d+, column \d+\)/);
  });

  it('gives up after its repairs with PlannerFailed, having run nothing', async () => {
    const m = scripted(js('globalThis.x = 1;'), js('globalThis.x = 2;'), js('globalThis.x = 3;'), js('never asked'));
    await expect(planRequest(input, m.complete)).rejects.toBeInstanceOf(PlannerFailed);
    expect(m.seen).toHaveLength(3);
  });

  it('extracts the fenced block from chatty answers, and refuses an empty or huge one', async () => {
    expect(extractPlan('Sure! Here it is:\n```javascript\nreturn 1;\n```\nEnjoy.')).toBe('return 1;');
    const m = scripted('', js('return 1;'.repeat(5000)), js('return 2;'));
    expect((await planRequest(input, m.complete)).attempts).toBe(3);
  });
});
