import { describe, expect, it } from 'vitest';
import { checkUrl, parseUrlPattern } from '../../../engine/sanitizers/index';

const allow = {
  patterns: ['acme.test', '*.docs.test', 'http://intranet.test', 'https://files.test/pub/', 'api.acme.test:8443'],
};
const url = (input: string, a: Parameters<typeof checkUrl>[1] = allow): string => {
  const r = checkUrl(input, a);
  if (!r.ok) throw new Error(`expected ${input} to pass: ${r.reason}`);
  return r.url;
};
const reason = (input: string, a: Parameters<typeof checkUrl>[1] = allow): string => {
  const r = checkUrl(input, a);
  if (r.ok) throw new Error(`expected ${input} to be refused, got ${r.url}`);
  return r.reason;
};

describe('checkUrl: schemes', () => {
  it('accepts https on an allowlisted host and normalizes', () => {
    expect(url('https://acme.test/a/b?c=1#d')).toBe('https://acme.test/a/b?c=1#d');
    expect(url('HTTPS://ACME.TEST:443/x/../y')).toBe('https://acme.test/y');
    expect(url('https://acme.test')).toBe('https://acme.test/');
  });

  it('refuses http unless a pattern says http://', () => {
    expect(reason('http://acme.test/')).toMatch(/plain http/);
    expect(url('http://intranet.test/wiki')).toBe('http://intranet.test/wiki');
    expect(url('https://intranet.test/wiki')).toBe('https://intranet.test/wiki');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'file:///etc/passwd',
    'vbscript:msgbox',
    'blob:https://acme.test/x',
  ])('refuses %j', (input) => {
    expect(reason(input)).toMatch(/never allowed/);
  });

  it('refuses other schemes and relative URLs', () => {
    expect(reason('ftp://acme.test/')).toMatch(/scheme "ftp:"/);
    expect(reason('mailto:bob@acme.test')).toMatch(/scheme "mailto:"/);
    expect(reason('//acme.test/x')).toMatch(/not an absolute URL/);
    expect(reason('acme.test/x')).toMatch(/not an absolute URL|scheme/);
    expect(reason('https:acme.test')).toMatch(/no "\/\/"/);
  });
});

describe('checkUrl: credentials, whitespace, control characters', () => {
  it.each([
    'https://user:pw@acme.test/',
    'https://user@acme.test/',
    'https://acme.test@evil.test/',
    'https://@acme.test/',
  ])('refuses credentials in %j', (input) => {
    expect(reason(input)).toMatch(/credentials/);
  });

  it.each([
    ' https://acme.test/',
    'https://acme.test/ x',
    'https://acme.test/\t',
    'https://acme.test/\u200b',
    'https://acme.test/\u202e',
    'https://ac\nme.test/',
    'java\tscript:alert(1)',
  ])('refuses whitespace or invisible characters in %j', (input) => {
    expect(reason(input)).toMatch(/whitespace, control or invisible/);
  });

  it('refuses backslashes (parsers disagree on them)', () => {
    expect(reason('https://acme.test\\@evil.test/')).toMatch(/backslash/);
  });
});

describe('checkUrl: IP literals', () => {
  it.each([
    ['https://127.0.0.1/', /an IPv4 address \(127\.0\.0\.1\)/],
    ['https://2130706433/', /one integer \(127\.0\.0\.1\)/],
    ['https://0x7f000001/', /hexadecimal/],
    ['https://0x7f.0x0.0x0.0x1/', /hexadecimal/],
    ['https://0177.0.0.1/', /octal/],
    ['https://017700000001/', /octal|integer/],
    ['https://127.1/', /shortened/],
    ['https://[::1]/', /IPv6/],
    ['https://[::ffff:127.0.0.1]/', /IPv6/],
    ['http://169.254.169.254/latest/meta-data/', /IPv4/],
  ])('refuses %j', (input, why) => {
    const r = reason(input);
    expect(r).toMatch(/IP addresses are not allowed/);
    expect(r).toMatch(why);
  });

  it('allows an IP literal only with allowIpLiterals and a pattern naming it', () => {
    const a = { patterns: ['10.0.0.5', 'acme.test'], allowIpLiterals: true };
    expect(url('https://10.0.0.5/x', a)).toBe('https://10.0.0.5/x');
    expect(url('https://167772165/x', a)).toBe('https://10.0.0.5/x');
    expect(reason('https://10.0.0.6/x', a)).toMatch(/not allowlisted/);
  });
});

describe('checkUrl: host allowlist', () => {
  it('matches *. wildcards on subdomains only', () => {
    expect(url('https://a.docs.test/x')).toBe('https://a.docs.test/x');
    expect(url('https://a.b.docs.test/x')).toBe('https://a.b.docs.test/x');
    expect(reason('https://docs.test/')).toMatch(/not allowlisted/);
    expect(reason('https://evildocs.test/')).toMatch(/not allowlisted/);
    expect(reason('https://docs.test.evil.test/')).toMatch(/not allowlisted/);
  });

  it('does not extend an exact host to its subdomains', () => {
    expect(reason('https://www.acme.test/')).toMatch(/not allowlisted/);
  });

  it('respects ports and path prefixes', () => {
    expect(reason('https://acme.test:8443/')).toMatch(/not allowlisted/);
    expect(url('https://api.acme.test:8443/v1')).toBe('https://api.acme.test:8443/v1');
    expect(reason('https://api.acme.test/v1')).toMatch(/not allowlisted/);
    expect(url('https://files.test/pub/report.pdf')).toBe('https://files.test/pub/report.pdf');
    expect(reason('https://files.test/private/x')).toMatch(/not allowlisted/);
    expect(reason('https://files.test/pub/../private/x')).toMatch(/not allowlisted/);
    expect(reason('https://files.test/pub%2F..%2Fprivate')).toMatch(/not allowlisted/);
  });

  it('refuses invalid patterns', () => {
    for (const p of [
      'ftp://acme.test',
      '*',
      '*.',
      'acme.*',
      'a*.test',
      'https://u@acme.test',
      'acme.test?x=1',
      '*.10.0.0.1',
    ])
      expect(parseUrlPattern(p).ok, p).toBe(false);
  });
});

describe('checkUrl: look-alike hosts', () => {
  it('names the imitated host', () => {
    expect(reason('https://acrne.test/login')).toBe(
      'the host "acrne.test" looks like "acme.test" (allowlisted by "acme.test") but is not it',
    );
  });

  it('catches Cyrillic, punycode and digit homographs', () => {
    expect(reason('https://\u0430cme.test/')).toMatch(
      /"xn--cme-5cd\.test" \(displayed as "\u0430cme\.test"\) looks like "acme\.test"/,
    );
    expect(reason('https://xn--cme-5cd.test/')).toMatch(/looks like "acme\.test"/);
    expect(reason('https://x.d0cs.test/')).toMatch(/looks like "docs\.test"/);
    expect(reason('https://intranet.test.evil.test/')).toMatch(/not allowlisted/);
  });

  it('refuses mixed-script hosts that imitate nothing', () => {
    expect(reason('https://p\u0430ypal.test/')).toMatch(/mixes scripts/);
  });

  it('accepts IDN hosts that are allowlisted', () => {
    expect(url('https://bücher.test/', { patterns: ['bücher.test'] })).toBe('https://xn--bcher-kva.test/');
  });
});
