/**
 * The answer playbook's draft follows the email's triage category (resources/playbooks/answer.js):
 * FYI, newsletters and receipts get no reply, suspicious mail never one (a reply that complies is
 * what it is after), a meeting an answer about meeting, a request an answer to what it asks, or a
 * short holding reply when the mail and calendar do not answer it. And no draft quotes the email
 * back in a broken way: the demo's "please send me your questions" once became
 * `I could not find "your questions" yet`. Over the demo world, and over generated mail.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadWorld, simulate } from '../../../engine/run/simulate';
import { WorldState, type World } from '../../../engine/world';
import { answerPlaybook, CATEGORIES, triageWorld, type Category } from '../../../main/assistant/triage';
import { budget } from '../../setup/budget';

const DEMO = join(process.cwd(), 'resources/demo-world.yaml');
const demoWorld = (): World => loadWorld(readFileSync(DEMO, 'utf8'), DEMO).snapshot();

/** The kinds of answer a category may get (the playbook's `intent`); none: no reply at all. */
const KINDS: Readonly<Record<Category, readonly (string | null)[]>> = {
  'needs-reply': ['time', 'document', 'question', 'holding'],
  meeting: ['time', 'meeting'],
  fyi: [null],
  newsletter: [null],
  receipt: [null],
  suspicious: [null],
};

interface Answered {
  readonly intent: string | null;
  /** The reply's body: the draft's, or the claim's (a reply that commits the person). */
  readonly body: string | null;
}

async function answer(world: WorldState, id: string, category: Category): Promise<Answered> {
  const { report } = await simulate({
    plan: answerPlaybook(),
    world,
    input: { id, category, signature: 'Maya Lind' },
  });
  expect(report.status, JSON.stringify(report.error)).toBe('completed');
  const written = report.calls.find((c) => ['createDraft', 'replyToEmail', 'sendEmail'].includes(c.tool));
  const body = written?.args.body;
  return {
    intent: (report.result as { intent: string | null }).intent,
    body: typeof body === 'string' ? body : null,
  };
}

/** What a draft must hold to: its kind fits the category; what it quotes, it quotes whole. */
function holds(a: Answered, category: Category, email: { body: string }, subjects: ReadonlySet<string>) {
  expect(KINDS[category]).toContain(a.intent);
  if (a.intent === null) {
    expect(a.body).toBeNull();
    return;
  }
  expect(a.body).not.toBeNull();
  const body = a.body!;
  // Only whole subjects of mail are quoted (what was found); never a piece of the email.
  for (const [, q] of body.matchAll(/"([^"]*)"/g)) expect(subjects).toContain(q);
  // A document is named as the email names it, and never as the reader's own ("the your questions").
  expect(body).not.toMatch(/\b(?:the|find) (?:your|my|our|me|us)\b/i);
  const named = /send you the (.+?) as soon as/.exec(body)?.[1];
  if (named) expect(email.body.toLowerCase()).toContain(named.toLowerCase());
  expect(body).not.toMatch(/could not find/i); // said to the person in a note, not to the sender
}

describe('a draft follows the category', () => {
  it('over the demo world, as triage files it', async () => {
    const world = loadWorld(readFileSync(DEMO, 'utf8'), DEMO);
    const r = await triageWorld(world, { drafts: false });
    const subjects = new Set(world.emails.map((e) => e.subject));
    const seen = new Set<string | null>();
    for (const e of r.emails) {
      const a = await answer(loadWorld(readFileSync(DEMO, 'utf8'), DEMO), e.id, e.category);
      holds(a, e.category, world.findEmail(e.id)!, subjects);
      seen.add(a.intent);
    }
    expect([...seen].sort()).toEqual([null, 'document', 'holding', 'question', 'time'].sort());
  }, 120_000);

  it('Tom’s all-hands mail asks for your questions: a holding reply, not a search for “your questions”', async () => {
    const a = await answer(loadWorld(readFileSync(DEMO, 'utf8'), DEMO), 'e11', 'needs-reply');
    expect(a.intent).toBe('holding');
    expect(a.body).toMatch(/^Hi Tom,\n\nThank you for this\. I will get back to you on it soon\.\n\n\[Note for you: /);
  });

  it('over generated mail, in every category', async () => {
    const base = demoWorld();
    const template = base.emails.find((e) => e.id === 'e01')!;
    const subjects = new Set(base.emails.map((e) => e.subject));
    const sentence = fc.oneof(
      fc
        .constantFrom('your questions', 'your comments', 'your thoughts', 'my notes', 'a quick update')
        .map((x) => `Please send me ${x} by Thursday.`),
      fc
        .tuple(
          fc.constantFrom('', 'updated ', 'latest '),
          fc.constantFrom('Q1 deck', 'churn table', 'signed contract', 'roadmap slides', 'budget'),
        )
        .map(([u, d]) => `Could you send me the ${u}${d} before Friday?`),
      fc.constantFrom(
        'When can we expect the fix?',
        'Could you review the release notes by Wednesday?',
        'Free for a quick call this week?',
        'What do you think of the new pricing page?',
        'Thanks, see you soon.',
      ),
      fc
        .tuple(fc.constantFrom('Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'), fc.integer({ min: 8, max: 18 }))
        .map(([d, h]) => `Can we meet on ${d} at ${String(h).padStart(2, '0')}:00?`),
      fc.constantFrom('Can we find a time to meet next week?', 'Let us catch up about the roadmap.'),
    );
    const from = fc.constantFrom(
      'Bob Lee <bob@acme.test>',
      'Lena Fischer <lena@acme.test>',
      'Kira Novak <kira@synergy-labs.test>',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(sentence, { minLength: 1, maxLength: 3 }),
        from,
        fc.constantFrom(...CATEGORIES),
        async (lines, sender, category) => {
          const email = {
            ...template,
            id: 'g1',
            from: sender,
            subject: 'A question',
            body: `Hi Maya,\n\n${lines.join(' ')}\n\nThanks`,
          };
          const world = new WorldState({ ...base, emails: [...base.emails, email] });
          holds(await answer(world, 'g1', category), category, email, subjects);
        },
      ),
      { numRuns: budget(40, 400) },
    );
  }, 180_000);
});
