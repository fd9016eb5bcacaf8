import { describe, expect, it } from 'vitest';
import { checkAmount } from '../../../engine/sanitizers/index';

describe('checkAmount', () => {
  it.each([
    ['€1,234.50', 1234.5, 'EUR'],
    ['1234.50 EUR', 1234.5, 'EUR'],
    ['USD 12', 12, 'USD'],
    ['$12.99', 12.99, 'USD'],
    ['12,50 €', 12.5, 'EUR'],
    ['1.234.567,89 EUR', 1234567.89, 'EUR'],
    ['1 234 567,89 EUR', 1234567.89, 'EUR'],
    ["CHF 1'234.50", 1234.5, 'CHF'],
    ['£0.99', 0.99, 'GBP'],
    ['JPY 1,000,000', 1000000, 'JPY'],
    ['eur 5', 5, 'EUR'],
    ['KWD 1.234,500', 1234.5, 'KWD'],
    ['0 EUR', 0, 'EUR'],
  ])('parses %j', (input, amount, currency) => {
    expect(checkAmount(input, {})).toEqual({ ok: true, value: { amount, currency } });
  });

  it.each([
    ['1,234 EUR', /ambiguous/],
    ['1.234 EUR', /ambiguous/],
    ['$12.345', /ambiguous/],
    ['-5 EUR', /negative/],
    ['EUR -5', /negative/],
    ['−5 EUR', /negative/],
    ['(12.00) USD', /negative/],
    ['12 EUR-', /negative/],
    ['NaN EUR', /not a plain decimal/],
    ['Infinity USD', /not a plain decimal/],
    ['1e3 EUR', /not a plain decimal/],
    ['0x10 EUR', /not a plain decimal/],
    ['¥100', /ambiguous/],
    ['12 XYZ', /not a currency code/],
    ['12 EUR USD', /not a currency/],
    ['€12 USD', /two currencies/],
    ['12', /names no currency/],
    ['100.5 JPY', /decimal places/],
    ['1.2345 EUR', /decimal places/],
    ['1,23,456.00 INR', /thousands/],
    ['1,234.567.89 EUR', /./],
    ['12..5 EUR', /two separators/],
    ['EUR', /no number/],
    ['', /empty/],
    ['10-20 EUR', /./],
    ['12\u200b EUR', /invisible/],
    ['99999999999999999 EUR', /too large/],
  ])('refuses %j', (input, why) => {
    const r = checkAmount(input, {});
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(why);
  });

  it('enforces max and the allowed currencies', () => {
    expect(checkAmount('€1,000.00', { max: 999 })).toEqual({
      ok: false,
      reason: '"€1,000.00" is over the maximum of 999 EUR',
    });
    expect(checkAmount('€999', { max: 999 }).ok).toBe(true);
    expect(checkAmount('USD 5', { currencies: ['EUR'] })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not an allowed currency/),
    });
  });

  it('resolves ambiguous symbols through the allowed currencies', () => {
    expect(checkAmount('¥100', { currencies: ['JPY'] })).toEqual({ ok: true, value: { amount: 100, currency: 'JPY' } });
    expect(checkAmount('kr 100', { currencies: ['SEK'] })).toEqual({
      ok: true,
      value: { amount: 100, currency: 'SEK' },
    });
  });

  it('accepts numbers with a default or single allowed currency', () => {
    expect(checkAmount(12.5, { currencies: ['EUR'] })).toEqual({ ok: true, value: { amount: 12.5, currency: 'EUR' } });
    expect(checkAmount(12, { defaultCurrency: 'usd' })).toEqual({ ok: true, value: { amount: 12, currency: 'USD' } });
    expect(checkAmount(12, {}).ok).toBe(false);
    expect(checkAmount(-1, { defaultCurrency: 'EUR' }).ok).toBe(false);
    expect(checkAmount(Number.NaN, { defaultCurrency: 'EUR' }).ok).toBe(false);
    expect(checkAmount(Number.POSITIVE_INFINITY, { defaultCurrency: 'EUR' }).ok).toBe(false);
    expect(checkAmount(1.234, { defaultCurrency: 'EUR' }).ok).toBe(false);
    expect(checkAmount(5000, { defaultCurrency: 'EUR', max: 100 }).ok).toBe(false);
  });
});
