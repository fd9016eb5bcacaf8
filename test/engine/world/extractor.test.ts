import { describe, expect, it } from 'vitest';
import { defaultExtractor, NotEnoughInformation, type JsonSchema } from '../../../engine/world';
import { classifyText, findActionItems, findAmounts, findDates, summarizeText } from '../../../engine/world/extractor';
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

  it('ignores times without a day and invalid days', () => {
    expect(when('at 3pm')).toEqual([]);
    expect(when('February 30')).toEqual([]);
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
