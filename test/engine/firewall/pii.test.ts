import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  ibanValid,
  luhnValid,
  scanText,
  ssnStructureValid,
  type Finding,
} from '../../../engine/firewall/index';

const of = (text: string, cap: string): Finding[] => scanText(text).filter((f) => f.cap === cap);

describe('cards (Luhn + IIN)', () => {
  it.each([
    ['4242424242424242', 'Visa', '4242'],
    ['5555555555554444', 'Mastercard', '4444'],
    ['378282246310005', 'American Express', '0005'],
    ['4242 4242 4242 4242', 'Visa', '4242'],
    ['5555-5555-5555-4444', 'Mastercard', '4444'],
    ['3782 822463 10005', 'American Express', '0005'],
    ['6011111111111117', 'Discover', '1117'],
    ['3530111333300000', 'JCB', '0000'],
    ['2223003122003222', 'Mastercard', '3222'],
  ])('finds %s', (num, brand, last4) => {
    const text = `Please charge card ${num} for the order.`;
    const found = of(text, 'PII_CARD');
    expect(found).toHaveLength(1);
    expect(found[0]?.detail).toBe(`${brand} card ending ${last4}`);
    expect(found[0]?.detail).not.toContain(num.replace(/\D/g, ''));
    expect(text.slice(found[0]?.start, found[0]?.end)).toBe(num);
  });

  it.each([
    '4242424242424241',
    '4242424242424243',
    '5555555555554445',
    '5555555555554443',
    '378282246310006',
    '4242 4242 4242 4241',
  ])('ignores the off-by-one %s (Luhn fails)', (num) => {
    expect(luhnValid(num.replace(/\D/g, ''))).toBe(false);
    expect(of(`card ${num}`, 'PII_CARD')).toEqual([]);
  });

  it('ignores Luhn-valid numbers without a known issuer prefix or with a wrong length', () => {
    expect(luhnValid('1234567812345670')).toBe(true);
    expect(cardBrand('1234567812345670')).toBeNull();
    expect(of('ref 1234567812345670', 'PII_CARD')).toEqual([]);
    expect(cardBrand('42424242424242')).toBeNull(); // Visa with 14 digits
  });

  it('finds a card inside a longer run and ignores order numbers', () => {
    const text = 'Order 1234 4242 4242 4242 4242 done';
    const found = of(text, 'PII_CARD');
    expect(found).toHaveLength(1);
    expect(text.slice(found[0]?.start, found[0]?.end)).toBe('4242 4242 4242 4242');
    expect(of('Order number 20260316123456', 'PII_CARD')).toEqual([]);
  });
});

describe('IBAN (country length + mod 97)', () => {
  it.each([
    'DE89370400440532013000',
    'GB82WEST12345698765432',
    'FR1420041010050500013M02606',
    'DE89 3704 0044 0532 0130 00',
    'GB82 WEST 1234 5698 7654 32',
  ])('finds %s with PII_IBAN and FINANCIAL', (iban) => {
    expect(ibanValid(iban)).toBe(true);
    const text = `Please transfer to ${iban}. Thanks`;
    const caps = scanText(text).filter((f) => f.kind === 'iban');
    expect(caps.map((f) => f.cap).sort()).toEqual(['FINANCIAL', 'PII_IBAN']);
    expect(text.slice(caps[0]?.start, caps[0]?.end)).toBe(iban);
    expect(caps[0]?.detail).toMatch(/^IBAN [A-Z]{2}\*\* ending \w{4}$/);
    expect(caps[0]?.detail).not.toContain(iban.replace(/ /g, '').slice(4, 12));
  });

  it.each([
    'DE88370400440532013000',
    'GB83WEST12345698765432',
    'FR1520041010050500013M02606',
    'DE89370400440532013001',
    'DE8937040044053201300',
    'XX89370400440532013000',
  ])('ignores %s (check digits, length or country)', (iban) => {
    expect(ibanValid(iban)).toBe(false);
    expect(of(`IBAN ${iban}`, 'PII_IBAN')).toEqual([]);
  });
});

describe('US SSN structure', () => {
  it.each(['123-45-6789', '078-05-1120', '899-99-9999', '001-01-0001'])('finds %s', (ssn) => {
    const found = of(`My SSN is ${ssn}.`, 'PII_SSN');
    expect(found).toHaveLength(1);
    expect(found[0]?.detail).toBe(`SSN ***-**-${ssn.slice(-4)}`);
  });

  it.each(['000-12-3456', '666-12-3456', '900-12-3456', '999-45-6789', '123-00-4567', '123-45-0000'])(
    'ignores the impossible %s',
    (ssn) => {
      const [a = '', g = '', s = ''] = ssn.split('-');
      expect(ssnStructureValid(a, g, s)).toBe(false);
      expect(of(`SSN ${ssn}`, 'PII_SSN')).toEqual([]);
    },
  );

  it('needs an SSN word for undashed digits', () => {
    expect(of('SSN: 123456789', 'PII_SSN')).toHaveLength(1);
    expect(of('Social Security Number 123 45 6789', 'PII_SSN')).toHaveLength(1);
    expect(of('Tracking 123456789', 'PII_SSN')).toEqual([]);
    expect(of('call 123-45-67890', 'PII_SSN')).toEqual([]);
  });
});

describe('phone numbers', () => {
  it.each([
    '+1 415 555 0123',
    '+14155550123',
    '(415) 555-0123',
    '415-555-0123',
    '415.555.0123',
    '+44 20 7946 0958',
    '020 7946 0958',
    '+49 30 1234567',
    '01 23 45 67 89',
    '+33 1 23 45 67 89',
  ])('finds %s', (phone) => {
    const text = `You can reach me at ${phone} after 5.`;
    const found = of(text, 'PII_PHONE');
    expect(found).toHaveLength(1);
    expect(text.slice(found[0]?.start, found[0]?.end)).toBe(phone);
    expect(found[0]?.detail).toMatch(/^phone number ending \d\d$/);
  });

  it('finds bare digits after a phone word', () => {
    expect(of('Tel: 4155550123', 'PII_PHONE')).toHaveLength(1);
    expect(of('mobile 07700900123', 'PII_PHONE')).toHaveLength(1);
  });

  it.each([
    'The review is on 2026-03-16.',
    'Due 16.03.2026 at noon',
    'Due 03/16/2026',
    'Order 123-456-7890 has shipped',
    'Invoice number 12345678',
    'Your order #4155550123 is confirmed',
    'Server 192.168.100.200 is down',
    'Slot 10.30-11.45 booked',
    'We sold 1 234 567 units',
    'Build 20260316 passed',
    'Version 1.2.3.4567',
    'Amount: 1234567 EUR',
    'Reference 2026 0316 9999',
  ])('ignores %j', (text) => {
    expect(of(text, 'PII_PHONE')).toEqual([]);
  });

  it('does not report a card number as a phone', () => {
    expect(scanText('card 4242 4242 4242 4242').map((f) => f.cap)).toEqual(['PII_CARD']);
  });
});

describe('email addresses', () => {
  it('finds addresses and names only the domain', () => {
    const found = of('Write to bob.lee+x@mail.acme.test or eve@evil.test.', 'PII_EMAIL');
    expect(found.map((f) => f.detail)).toEqual(['email address at mail.acme.test', 'email address at evil.test']);
  });

  it('ignores things that are not addresses', () => {
    expect(of('@acme.test and bob@ and a@b and x@localhost', 'PII_EMAIL')).toEqual([]);
  });
});
