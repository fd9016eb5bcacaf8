import { describe, expect, it } from 'vitest';
import { defaultExtractor, NotEnoughInformation, type JsonSchema } from '../../../engine/world';
import {
  classifyText,
  findActionItems,
  findAmounts,
  findDates,
  findPlaces,
  summarizeText,
} from '../../../engine/world/extractor';
import { isoOf } from '../../../engine/world/time';

const NOW = '2026-03-16T08:30:00Z'; // a Monday
const when = (text: string) =>
  findDates(text, NOW).map((d) => [isoOf(d.start), d.end === undefined ? null : isoOf(d.end)]);
const extract = (text: string, schema: JsonSchema) => defaultExtractor.extract(text, schema, { now: NOW });
const nei = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(NotEnoughInformation);
    return (e as Error).message;
  }
  throw new Error('expected NotEnoughInformation');
};

describe('dates', () => {
  it('reads ISO, month names, relative days and weekdays against now', () => {
    expect(when('at 2026-03-18T14:00:00Z')).toEqual([['2026-03-18T14:00:00Z', null]]);
    expect(when('on 2026-03-18 14:30')).toEqual([['2026-03-18T14:30:00Z', null]]);
    expect(when('March 3')).toEqual([['2026-03-03T00:00:00Z', null]]);
    expect(when('March 18 at 2pm')).toEqual([['2026-03-18T14:00:00Z', null]]);
    expect(when('the 20th of March')).toEqual([['2026-03-20T00:00:00Z', null]]);
    expect(when('Tue, Mar 17th, 2026 from 14:00 to 15:30')).toEqual([['2026-03-17T14:00:00Z', '2026-03-17T15:30:00Z']]);
    expect(when('tomorrow 3pm')).toEqual([['2026-03-17T15:00:00Z', null]]);
    expect(when('today at noon')).toEqual([['2026-03-16T12:00:00Z', null]]);
    expect(when('3pm on Friday')).toEqual([['2026-03-20T15:00:00Z', null]]);
    expect(when('Thursday 2-3pm')).toEqual([['2026-03-19T14:00:00Z', '2026-03-19T15:00:00Z']]);
  });

  it('weekdays: plain = next one after today, "next" = the one in next week', () => {
    expect(when('Tuesday at 10')).toEqual([['2026-03-17T10:00:00Z', null]]);
    expect(when('next Tuesday at 10')).toEqual([['2026-03-24T10:00:00Z', null]]);
    expect(when('on Monday')).toEqual([['2026-03-23T00:00:00Z', null]]);
    expect(when('this Monday')).toEqual([['2026-03-16T00:00:00Z', null]]);
  });

  it('reads parts of the day, times in words and continental times', () => {
    expect(when('tomorrow morning')).toEqual([['2026-03-17T09:00:00Z', null]]);
    expect(when('Friday afternoon')).toEqual([['2026-03-20T14:00:00Z', null]]);
    expect(when('this evening')).toEqual([['2026-03-16T18:00:00Z', null]]);
    expect(when('tonight')).toEqual([['2026-03-16T19:00:00Z', null]]);
    expect(when('please send it by EOD')).toEqual([['2026-03-16T17:00:00Z', null]]);
    expect(when('Friday end of day')).toEqual([['2026-03-20T17:00:00Z', null]]);
    expect(when('tomorrow evening at 7')).toEqual([['2026-03-17T19:00:00Z', null]]);
    expect(when('tomorrow at half past 3')).toEqual([['2026-03-17T15:30:00Z', null]]);
    expect(when('Wednesday at quarter to 4')).toEqual([['2026-03-18T15:45:00Z', null]]);
    expect(when("Thursday at 3 o'clock")).toEqual([['2026-03-19T15:00:00Z', null]]);
    expect(when('Tuesday 9h30')).toEqual([['2026-03-17T09:30:00Z', null]]);
    expect(when('18.03.2026 um 14:00')).toEqual([['2026-03-18T14:00:00Z', null]]);
  });

  it('reads numeric dates only when their order is unmistakable, and relative spans', () => {
    expect(when('2026/03/18')).toEqual([['2026-03-18T00:00:00Z', null]]);
    expect(when('18/03/2026')).toEqual([['2026-03-18T00:00:00Z', null]]);
    expect(when('03/18/2026')).toEqual([['2026-03-18T00:00:00Z', null]]);
    expect(when('03/04/2026')).toEqual([]);
    expect(when('in 3 days')).toEqual([['2026-03-19T00:00:00Z', null]]);
    expect(when('in a week')).toEqual([['2026-03-23T00:00:00Z', null]]);
    expect(when('sometime next week')).toEqual([['2026-03-23T00:00:00Z', null]]);
    expect(when('by the end of the week')).toEqual([['2026-03-20T00:00:00Z', null]]);
    expect(when('before the end of the month')).toEqual([['2026-03-31T00:00:00Z', null]]);
  });

  it('ignores times without a day and invalid days', () => {
    expect(when('at 3pm')).toEqual([]);
    expect(when('February 30')).toEqual([]);
  });
});

describe('places', () => {
  it('prefers a labelled line, then links, addresses and rooms, then a named place after a meeting word', () => {
    expect(findPlaces('Where: Café Rosa, 12 Elm Street\nSee you in Berlin!')).toEqual(['Café Rosa, 12 Elm Street']);
    expect(findPlaces('Join via https://acme.zoom.us/j/123456789?pwd=abc or ask for a Zoom link')).toEqual([
      'https://acme.zoom.us/j/123456789?pwd=abc',
    ]);
    expect(findPlaces('See you at 221B Baker Street at 3pm')).toEqual(['221B Baker Street']);
    expect(findPlaces('Treffpunkt ist Hauptstraße 12, Berlin')).toEqual(['Hauptstraße 12']);
    expect(findPlaces('We can use room 4.12 or the lobby')).toEqual(['room 4.12']);
    expect(findPlaces("Let's meet at Café Rosa on Tuesday.")).toEqual(['Café Rosa']);
    expect(findPlaces('lunch at the Blue Bottle Coffee tomorrow')).toEqual(['the Blue Bottle Coffee']);
    expect(findPlaces('a quick zoom tomorrow?')).toEqual(['zoom']);
  });

  it('reads a kind of place after "at" or "in" (AgentDojo workspace tasks 15 and 17), not a name that starts with one', () => {
    expect(findPlaces("It's going to be at Grandma's house on June 10th 2024 at 1 PM.")).toEqual(["Grandma's house"]);
    expect(findPlaces("Great! Let's meet at the island trailhead at 8 AM on Saturday 18th.")).toEqual([
      'island trailhead',
    ]);
    expect(findPlaces('Drinks in the old harbour bar after work?')).toEqual(['old harbour bar']);
    expect(findPlaces("Let's meet at Café Rosa on Tuesday.")).toEqual(['Café Rosa']);
    expect(findPlaces('I will be at work at 9 and in a meeting at 10.')).toEqual([]);
  });

  it('does not take a day, a month or a time for a place', () => {
    expect(findPlaces('meeting in March')).toEqual([]);
    expect(findPlaces('meet at Noon on Friday')).toEqual([]);
    expect(findPlaces('we need more room for the team')).toEqual([]);
  });

  it('fills a location field, and names two different places as ambiguous', () => {
    expect(
      extract("Hi Maya, let's meet at Café Rosa on Tuesday at 10.", {
        type: 'object',
        properties: { location: { type: 'string' } },
      }),
    ).toEqual({ location: 'Café Rosa' });
    expect(nei(() => extract('Either room 4.12 or room 5.01.', { type: 'string', description: 'location' }))).toMatch(
      /2 different locations/,
    );
  });
});

describe('amounts', () => {
  it('reads symbols, codes and both decimal conventions', () => {
    const a = findAmounts('€1,250.00; EUR 1.250,00; $3,400; 1 250,00 EUR; £12; USD 99.5');
    expect(a.map((x) => [x.value, x.currency])).toEqual([
      [1250, 'EUR'],
      [1250, 'EUR'],
      [3400, 'USD'],
      [1250, 'EUR'],
      [12, 'GBP'],
      [99.5, 'USD'],
    ]);
  });
});

describe('extract', () => {
  const INVOICE =
    'Hi,\nInvoice number: INV-2041\nAmount due: €1,250.00 (subtotal €1,000.00)\nPay to IBAN DE89 3704 0044 0532 0130 00 by March 20.\nQuestions: billing@vendor.test\nThanks,\nBob';

  it('finds a web address written without a scheme, and gives it one when the schema asks for a uri', () => {
    const text = 'Reset your password at www.password-reset-12bh12.test/techservices within 24 hours.';
    expect(extract(text, { type: 'string', description: 'the reset link' })).toBe(
      'www.password-reset-12bh12.test/techservices',
    );
    expect(extract(text, { type: 'string', format: 'uri' })).toBe('http://www.password-reset-12bh12.test/techservices');
    expect(nei(() => extract('Write to help@www.example.test.', { type: 'string', format: 'uri' }))).toMatch(/URL/);
    // A real link is not made ambiguous by a bare mention next to it.
    expect(
      extract(`Use https://techservices.test/reset?t=1 (or visit www.example.test).`, {
        type: 'string',
        format: 'uri',
      }),
    ).toBe('https://techservices.test/reset?t=1');
  });

  it('fills an object by field names: references, amounts, IBANs, dates, addresses', () => {
    expect(
      extract(INVOICE, {
        type: 'object',
        properties: {
          invoiceNumber: { type: 'string' },
          amount: { type: 'number' },
          iban: { type: 'string' },
          dueDate: { type: 'string', format: 'date' },
          contact: { type: 'string', format: 'email' },
        },
      }),
    ).toEqual({
      invoiceNumber: 'INV-2041',
      amount: 1250,
      iban: 'DE89370400440532013000',
      dueDate: '2026-03-20',
      contact: 'billing@vendor.test',
    });
  });

  it('reads meeting times relative to now, and action items', () => {
    const text =
      'Hi Maya, can we meet tomorrow 3pm? Please bring the Q1 numbers. Also, could you book a room.\n\n> On Friday Bob wrote:\n> please ignore';
    expect(
      extract(text, {
        type: 'object',
        properties: {
          start: { type: 'string', format: 'date-time' },
          actionItems: { type: 'array', items: { type: 'string' } },
        },
      }),
    ).toEqual({
      start: '2026-03-17T15:00:00Z',
      actionItems: [
        'Hi Maya, can we meet tomorrow 3pm?',
        'Please bring the Q1 numbers.',
        'Also, could you book a room.',
      ],
    });
    expect(findActionItems('Thanks!\nPlease send the deck by Friday.\n--\nPlease consider the environment')).toEqual([
      'Please send the deck by Friday.',
    ]);
  });

  it('range ends go to "end" fields', () => {
    expect(
      extract('Thursday 2-3pm works', {
        type: 'object',
        properties: { start: { format: 'date-time' }, end: { format: 'date-time' } },
      }),
    ).toEqual({
      start: '2026-03-19T14:00:00Z',
      end: '2026-03-19T15:00:00Z',
    });
  });

  it('lists: addresses, including those only in quoted text', () => {
    expect(
      extract('Ask Carla.\n> cc carla@globex.test and Dev <dev@initech.test>', {
        type: 'array',
        items: { type: 'string', format: 'email' },
      }),
    ).toEqual(['carla@globex.test', 'dev@initech.test']);
  });

  it('codes, booleans, enums', () => {
    expect(extract('Your verification code is 482 913.', { type: 'string', description: 'the one-time code' })).toBe(
      '482913',
    );
    expect(
      extract('URGENT please pay today', {
        type: 'object',
        properties: { isUrgent: { type: 'boolean' }, isNewsletter: { type: 'boolean' } },
      }),
    ).toEqual({
      isUrgent: true,
      isNewsletter: false,
    });
    expect(extract('Your weekly digest. Unsubscribe here.', { enum: ['newsletter', 'invoice', 'other'] })).toBe(
      'newsletter',
    );
  });

  it('NotEnoughInformation: missing required fields, ambiguity, unknown fields', () => {
    expect(
      nei(() => extract('Meet tomorrow 3pm or Wednesday at 11?', { type: 'string', format: 'date-time' })),
    ).toMatch(/2 different date-times .*ambiguous/);
    expect(nei(() => extract('write to a@x.test or b@x.test', { type: 'string', format: 'email' }))).toMatch(
      /ambiguous/,
    );
    expect(nei(() => extract('Total €5 and €7', { type: 'number' }))).toMatch(/ambiguous/);
    expect(nei(() => extract('hello', { type: 'object', properties: { amount: { type: 'number' } } }))).toMatch(
      /\$\.amount: no amount/,
    );
    expect(
      nei(() => extract('hello', { type: 'object', properties: { favouriteColour: { type: 'string' } } })),
    ).toMatch(/no rule/);
    expect(nei(() => extract('', { type: 'string' }))).toMatch(/empty/);
  });

  it('optional fields are left out when not found', () => {
    expect(
      extract('Amount due: €10', {
        type: 'object',
        properties: { amount: { type: 'number' }, iban: { type: 'string' } },
        required: ['amount'],
      }),
    ).toEqual({
      amount: 10,
    });
  });

  it('keeps look-alike addresses as they are', () => {
    expect(extract('reply to priya@аcme.test', { type: 'string', format: 'email' })).toBe('priya@аcme.test');
  });
});

describe('summarize and classify', () => {
  it('summarize: first sentences of the message itself, at most maxWords', () => {
    const text =
      'Hi Maya,\n\nThe Q1 report is ready. I attached the numbers. Let me know what you think.\n\nBest,\nBob\n\n> older quoted text';
    expect(summarizeText(text, 12)).toBe('The Q1 report is ready. I attached the numbers.');
    expect(summarizeText('One two three four five six.', 3)).toBe('One two three…');
    expect(() => summarizeText('   ')).toThrow(NotEnoughInformation);
  });

  it('classify: keyword scores, the label itself counts, fallback labels, ties', () => {
    expect(classifyText('Your receipt: total paid €4.80', ['receipt', 'invoice', 'other'])).toBe('receipt');
    expect(classifyText('Quarterly planning with the ops team', ['planning', 'other'])).toBe('planning');
    expect(classifyText('nothing to see', ['newsletter', 'Other'])).toBe('Other');
    expect(() => classifyText('nothing to see', ['newsletter', 'invoice'])).toThrow(/no label fits/);
    expect(() => classifyText('invoice newsletter', ['newsletter', 'invoice'])).toThrow(/ambiguous/);
  });
});
