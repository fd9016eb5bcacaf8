import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkEmailAddress, checkUrl } from '../../../engine/sanitizers/index';

const allow = {
  userAddresses: ['alex@acme.test'],
  contacts: ['bob@acme.test', 'carol@partner.test'],
  patterns: ['*@corp.test', 'eve@vendor.test', '*@*.example.test'],
};

/** An independent oracle for "inside the allowlists" over canonical addresses. */
const allowed = (address: string): boolean =>
  ['alex@acme.test', 'bob@acme.test', 'carol@partner.test', 'eve@vendor.test'].includes(address) ||
  /^[^@]+@corp\.test$/.test(address) ||
  /^[^@]+@(?:[a-z0-9-]+\.)+example\.test$/.test(address);

const domains = fc.constantFrom(
  'acme.test',
  'acrne.test',
  'ACME.TEST',
  '\u0430cme.test',
  'xn--cme-5cd.test',
  'corp.test',
  'c0rp.test',
  'sub.corp.test',
  'vendor.test',
  'example.test',
  'a.example.test',
  'partner.test',
  'evil.test',
  'bücher.test',
  'acme.test.evil.test',
);
const locals = fc.constantFrom('alex', 'bob', 'carol', 'eve', 'mallory', 'BOB', 'x', "o'neil", 'a.b', '*');
const mutate = fc.tuple(fc.string({ maxLength: 3 }), fc.nat({ max: 40 })).map(
  ([ins, at]) =>
    (s: string) =>
      s.slice(0, at) + ins + s.slice(at),
);

describe('sanitizer properties', () => {
  it('checkEmailAddress never returns ok for an address outside the allowlists, and never throws', () => {
    const inputs = fc.oneof(
      fc.tuple(locals, domains).map(([l, d]) => `${l}@${d}`),
      fc.tuple(locals, domains, mutate).map(([l, d, m]) => m(`${l}@${d}`)),
      fc.emailAddress(),
      fc.string({ maxLength: 80 }),
      fc.string({ unit: 'binary', maxLength: 80 }),
    );
    fc.assert(
      fc.property(inputs, (input) => {
        const r = checkEmailAddress(input, allow);
        if (r.ok) expect(allowed(r.address), `${input} → ${r.address}`).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('checkUrl only returns https (or http where allowed) URLs on allowlisted hosts', () => {
    const urlAllow = { patterns: ['acme.test', '*.docs.test', 'http://intranet.test'] };
    const hosts = fc.constantFrom(
      'acme.test',
      'acrne.test',
      'a.docs.test',
      'docs.test',
      'intranet.test',
      '127.0.0.1',
      '2130706433',
      'evil.test',
      '\u0430cme.test',
    );
    const schemes = fc.constantFrom('https://', 'http://', 'javascript:', 'HTTPS://', 'file://', '//');
    const inputs = fc.oneof(
      fc
        .tuple(schemes, fc.constantFrom('', 'u:p@', 'acme.test@'), hosts, fc.constantFrom('', '/', '/x?y=1', ':8443/'))
        .map((p) => p.join('')),
      fc.webUrl(),
      fc.string({ maxLength: 60 }),
    );
    fc.assert(
      fc.property(inputs, (input) => {
        const r = checkUrl(input, urlAllow);
        if (!r.ok) return;
        const u = new URL(r.url);
        const hostOk =
          u.hostname === 'acme.test' || u.hostname.endsWith('.docs.test') || u.hostname === 'intranet.test';
        expect(hostOk, r.url).toBe(true);
        expect(u.username + u.password).toBe('');
        expect(u.protocol === 'https:' || (u.protocol === 'http:' && u.hostname === 'intranet.test'), r.url).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
