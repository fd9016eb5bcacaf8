import { describe, expect, it } from 'vitest';
import { domainToAscii, domainToUnicode, punycodeDecode } from '../../../engine/sanitizers/punycode';

describe('punycode', () => {
  it('decodes RFC 3492 labels', () => {
    expect(punycodeDecode('bcher-kva')).toBe('bücher');
    expect(punycodeDecode('cme-5cd')).toBe('\u0430cme');
    expect(punycodeDecode('80ak6aa92e')).toBe('\u0430\u0440\u0440\u04cf\u0435');
    expect(punycodeDecode('zz!')).toBeNull();
  });

  it('converts whole domains both ways', () => {
    expect(domainToAscii('Bücher.Test')).toBe('xn--bcher-kva.test');
    expect(domainToUnicode('xn--bcher-kva.test')).toBe('bücher.test');
    expect(domainToAscii('a/b.test')).toBe('');
    expect(domainToAscii('ex%41mple.test')).toBe('');
    expect(domainToUnicode('xn--zz!.test')).toBe('');
  });
});
