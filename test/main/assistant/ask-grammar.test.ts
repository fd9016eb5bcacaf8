/**
 * Ask without a model: requests about a person, named by name or address and found in the
 * contacts, run a playbook on the demo world and answer in words, an empty result saying why;
 * a name the contacts do not settle (or an internal id) is said so, never guessed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWorld, simulate } from '../../../engine/run/simulate';
import { aboutInWorld } from '../../../main/assistant/about-email';
import { interpret, SUPPORTED, type PlaybookMatch } from '../../../main/assistant/ask';
import { resultText, textOf } from '../../../main/assistant/result-text';

const DEMO = join(process.cwd(), 'resources/demo-world.yaml');

async function ask(request: string) {
  const world = loadWorld(readFileSync(DEMO, 'utf8'), DEMO);
  const m = interpret(request, world.contacts);
  if (!m || 'error' in m) throw new Error(`not a playbook request: ${request}`);
  const { report } = await simulate({ plan: m.plan, world, input: m.input as never });
  expect(report.status).toBe('completed');
  return { m, report, text: textOf(resultText(m.playbook, report.result, aboutInWorld(world), m.input)) };
}

const contacts = [
  { name: 'Lena Fischer', email: 'lena@acme.test' },
  { name: 'Lena Park', email: 'lpark@acme.test' },
  { name: 'Tom Okafor', email: 'tom@acme.test' },
];

describe('the ask grammar', () => {
  it('finds a person by full name, first name or address, and says when it cannot', () => {
    const input = (r: string) => (interpret(r, contacts) as PlaybookMatch).input;
    expect(input('schedule with Lena Fischer')).toMatchObject({ kind: 'schedule', address: 'lena@acme.test' });
    expect(input('summarise mail from Tom')).toMatchObject({ kind: 'summarise', address: 'tom@acme.test' });
    expect(input('find the mockups from lpark@acme.test')).toMatchObject({
      kind: 'find',
      query: 'mockups',
      address: 'lpark@acme.test',
    });
    expect(input('follow up with Tom after 5 days')).toEqual({ days: 5, with: 'tom@acme.test' });
    expect(interpret('reply to Lena', contacts)).toEqual({
      error:
        'Several contacts are called “Lena”: Lena Fischer <lena@acme.test>, Lena Park <lpark@acme.test>. Say which, by full name or address.',
    });
    // An internal id is no person.
    expect(interpret('reply to e47', contacts)).toMatchObject({
      error: expect.stringMatching(/^No contact is called “e47”/),
    });
    expect(SUPPORTED.some((s) => /\be\d+\b/.test(s))).toBe(false);
    expect(interpret('forward the invoice to our accountant', contacts)).toBeNull();
  });

  it('answers each request in words, and an empty one says why', async () => {
    expect((await ask('reply to Lena')).text).toBe(
      'Proposed a reply to “Can we move our design review?” that accepts the time asked; it waits for you in Review.',
    );
    expect((await ask('schedule with Lena Fischer')).text).toMatch(
      /^Drafted an email to Lena Fischer proposing Tue, Mar 17, 2026, \d{1,2}:00 [AP]M; .*\. Nothing was sent\.$/, // the host’s format here
    );
    expect((await ask('find mockups from Lena')).text).toMatch(
      /^Found in mail from Lena Fischer\n- Landing page mockups v3 \(Sat, Mar 14, 2026\) — /,
    );
    expect((await ask('find invoices from lena@acme.test')).text).toBe(
      'No email from Lena Fischer mentions “invoices”.',
    );
    expect((await ask('summarise mail from Tom')).text).toMatch(
      /^Mail from Tom Okafor\n- Board deck: numbers by Thursday/,
    );
    expect((await ask('follow up with Bob')).text).toBe(
      'No thread where you wrote last to bob@acme.test has gone unanswered for more than 3 days: nothing to follow up.',
    );
  });
});
