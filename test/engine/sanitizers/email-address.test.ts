import { describe, expect, it } from 'vitest';
import { checkEmailAddress, parseEmailPattern } from '../../../engine/sanitizers/index';

const allow = {
  userAddresses: ['alex@acme.test'],
  contacts: ['bob@acme.test', 'Carol@Partner.test', 'dana@bücher.test', 'olga@orbit.test', 'lee@lumen.test'],
  patterns: ['*@corp.test', 'eve@vendor.test', '*@*.example.test', 'ops@*.acme.test'],
};

const ok = (input: string): string => {
  const r = checkEmailAddress(input, allow);
  if (!r.ok) throw new Error(`expected ${input} to pass: ${r.reason}`);
  return r.address;
};
const reason = (input: string): string => {
  const r = checkEmailAddress(input, allow);
  if (r.ok) throw new Error(`expected ${input} to be refused, got ${r.address}`);
  return r.reason;
};

describe('checkEmailAddress: allowlists', () => {
  it('accepts contacts and the user, canonical and lower-cased', () => {
    expect(ok('bob@acme.test')).toBe('bob@acme.test');
    expect(ok('BOB@ACME.TEST')).toBe('bob@acme.test');
    expect(ok('carol@partner.test')).toBe('carol@partner.test');
    expect(ok('alex@acme.test')).toBe('alex@acme.test');
  });

  it('does not treat a contact domain as a wildcard', () => {
    expect(reason('mallory@acme.test')).toBe(
      '"mallory@acme.test" is not one of your addresses, not a contact, and not allowed by the policy\'s recipient patterns',
    );
  });

  it('applies policy patterns: whole-local-part and subdomain wildcards only', () => {
    expect(ok('anyone@corp.test')).toBe('anyone@corp.test');
    expect(reason('anyone@sub.corp.test')).toMatch(/not allowed/);
    expect(ok('eve@vendor.test')).toBe('eve@vendor.test');
    expect(reason('mallory@vendor.test')).toMatch(/not allowed/);
    expect(ok('x@mail.example.test')).toBe('x@mail.example.test');
    expect(ok('x@a.b.example.test')).toBe('x@a.b.example.test');
    expect(reason('x@example.test')).toMatch(/not allowed/);
    expect(reason('x@notexample.test')).toMatch(/not allowed/);
    expect(ok('ops@eu.acme.test')).toBe('ops@eu.acme.test');
    expect(reason('dev@eu.acme.test')).toMatch(/not allowed/);
  });

  it('refuses loose or malformed patterns (and they allow nothing)', () => {
    for (const p of [
      '*@*',
      'b*@acme.test',
      '*acme.test',
      '*@acme.*',
      '*@a*.test',
      'bob@',
      '@acme.test',
      'a@b@c.test',
    ]) {
      expect(parseEmailPattern(p).ok, p).toBe(false);
    }
    expect(checkEmailAddress('bob@evil.test', { userAddresses: [], contacts: [], patterns: ['*@*'] }).ok).toBe(false);
  });

  it('merges the user list with nothing else: an empty allowlist allows nothing', () => {
    expect(checkEmailAddress('bob@acme.test', { userAddresses: [], contacts: [], patterns: [] }).ok).toBe(false);
  });
});

describe('checkEmailAddress: look-alikes', () => {
  it('names the imitated domain (rn/m)', () => {
    expect(reason('bob@acrne.test')).toBe(
      '"bob@acrne.test" looks like "acme.test" (a contact\'s domain) but is not it',
    );
  });

  it('catches 0/o, 1/l and capital I/l', () => {
    expect(reason('olga@0rbit.test')).toMatch(/looks like "orbit\.test" \(a contact's domain\)/);
    expect(reason('lee@1umen.test')).toMatch(/looks like "lumen\.test"/);
    expect(reason('lee@Iumen.test')).toMatch(/looks like "lumen\.test"/);
  });

  it('catches Cyrillic and Greek homoglyphs, mixed or whole-script', () => {
    expect(reason('bob@\u0430cme.test')).toMatch(/looks like "acme\.test"/); // Cyrillic а
    expect(reason('bob@\u0430\u0441\u043c\u0435.test')).toMatch(/looks like "acme\.test"/); // асме, all Cyrillic
    expect(reason('olga@\u03bfrbit.test')).toMatch(/looks like "orbit\.test"/); // Greek ο
  });

  it('catches the xn-- (punycode) form of a homograph and shows what it displays as', () => {
    const r = reason('bob@xn--cme-5cd.test');
    expect(r).toMatch(/^"bob@xn--cme-5cd\.test" \(displayed as "bob@\u0430cme\.test"\) looks like "acme\.test"/);
  });

  it('catches a look-alike registered under a subdomain', () => {
    expect(reason('bob@mail.acrne.test')).toMatch(/looks like "acme\.test"/);
  });

  it('names pattern domains too', () => {
    expect(reason('x@c0rp.test')).toBe(
      '"x@c0rp.test" looks like "corp.test" (allowed by the policy pattern "*@corp.test") but is not it',
    );
  });

  it('does not flag real subdomains of an allowlisted zone', () => {
    expect(ok('ops@mail.acme.test')).toBe('ops@mail.acme.test');
  });
});

describe('checkEmailAddress: IDN', () => {
  it('converts Unicode domains to punycode', () => {
    expect(ok('dana@bücher.test')).toBe('dana@xn--bcher-kva.test');
    expect(ok('dana@xn--bcher-kva.test')).toBe('dana@xn--bcher-kva.test');
    expect(ok('DANA@BÜCHER.TEST')).toBe('dana@xn--bcher-kva.test');
  });

  it('flags the accent-stripped twin of an IDN contact', () => {
    expect(reason('dana@bucher.test')).toMatch(/looks like "xn--bcher-kva\.test"/);
  });

  it('refuses mixed-script labels even when they imitate nothing allowlisted', () => {
    expect(reason('x@p\u0430ypal.test')).toMatch(/mixes scripts \(Latin and Cyrillic\)/);
  });

  it('refuses invalid punycode', () => {
    expect(reason('x@xn--zz.test')).toMatch(/not a valid/);
  });

  it('refuses non-ASCII local parts', () => {
    expect(reason('bоb@acme.test')).toMatch(/non-ASCII/);
  });
});

describe('checkEmailAddress: syntax', () => {
  it.each([
    ['', /empty/],
    ['bob', /exactly one "@"/],
    ['bob@', /no domain/],
    ['@acme.test', /nothing before/],
    ['bob@@acme.test', /exactly one "@"/],
    ['bob@acme', /no top-level domain/],
    ['bob@acme..test', /./],
    ['bob@-acme.test', /letters, digits and inner hyphens/],
    ['.bob@acme.test', /not a valid local part/],
    ['bob.@acme.test', /not a valid local part/],
    ['bo..b@acme.test', /not a valid local part/],
    ['bob@acme.test\n', /whitespace/],
    ['bob @acme.test', /whitespace/],
    [' bob@acme.test', /whitespace/],
    ['bob\u200b@acme.test', /invisible/],
    ['bob@acme.test\u202e', /invisible/],
    ['bob\u0000@acme.test', /control/],
    ['bob@acme.test,eve@evil.test', /list separator/],
    ['bob@acme.test;eve@evil.test', /list separator/],
    ['"bob"@acme.test', /quotes/],
    ['bob(comment)@acme.test', /comments/],
    ['bob@[127.0.0.1]', /brackets/],
    ['bob@127.0.0.1', /IP address/],
    ['bob@acme.123', /IP address|not a valid/],
    ['bob@acme.test.', /ends with a dot/],
    ['bob@acme_corp.test', /letters, digits and inner hyphens/],
    [`${'a'.repeat(65)}@acme.test`, /longer than 64/],
    [`bob@${'a'.repeat(64)}.test`, /./],
    [`bob@${'abcdefgh.'.repeat(30)}test`, /longer than 253/],
  ])('refuses %j', (input, why) => {
    expect(reason(input)).toMatch(why);
  });

  it.each(['Bob <bob@acme.test>', '"Bob Lee" <bob@acme.test>', '<bob@acme.test>', 'bob@acme.test <eve@evil.test>'])(
    'refuses display-name form %j and says so',
    (input) => {
      expect(reason(input)).toMatch(/display name/);
    },
  );

  it('accepts RFC 5322 atext in the local part', () => {
    const r = checkEmailAddress("o'brien+tag@corp.test", allow);
    expect(r).toEqual({ ok: true, address: "o'brien+tag@corp.test" });
  });
});
