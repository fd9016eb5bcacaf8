/**
 * Red-team round 20: a sender's name of unclosed brackets cannot hold the daily brief.
 *
 * The brief names each unread mail's sender by `nameOf` (main/assistant/result-text.ts), which
 * cut `<address>` off the end with `/\s*<[^>]*>\s*$/`: on a From with no `<…>` at its end, every
 * `<` and every space ran to the end of the text, the square of its length — 20,000 characters
 * took 1.4–3.8 s, the 200,000 here minutes, on the main thread answering Ask. The sender writes it:
 * an encoded word with no address beside it is stored as the From as it is (main/mail/parse.ts).
 * Now the name is read by `parseAddress` (engine/world/addresses.ts), in linear time.
 */
import { describe, expect, it } from 'vitest';
import { resultText } from '../../../main/assistant/result-text';

const about = () => ({ category: 'fyi', reasons: [] });

describe('red team round 20: a long sender name in the brief', () => {
  it.each([
    ['unclosed brackets', '< '.repeat(100_000)],
    ['spaces', `${' '.repeat(200_000)}x`],
  ])(
    '%s: the brief is written, naming the sender as written',
    (_, from) => {
      const result = { date: '2026-04-05', agenda: [], unread: [{ id: 'm1', from, subject: 'Hello', summary: '' }] };
      const lines = resultText('daily-brief', result, about);
      expect(lines.some((l) => l.text.includes('Hello'))).toBe(true);
    },
    20_000,
  );

  it('the control: names as before', () => {
    const result = {
      date: '2026-04-05',
      agenda: [],
      unread: [
        { id: 'm1', from: 'Lena Fischer <lena@acme.test>', subject: 'Plan', summary: '' },
        { id: 'm2', from: '"Bob, Lee" <bob@acme.test>', subject: 'Budget', summary: '' },
        { id: 'm3', from: 'carla@globex.test', subject: 'Quote', summary: '' },
      ],
    };
    const text = resultText('daily-brief', result, about)
      .map((l) => l.text)
      .join('\n');
    expect(text).toContain('Lena Fischer: Plan');
    expect(text).toContain('Bob, Lee: Budget');
    expect(text).toContain('carla@globex.test: Quote');
  });
});
