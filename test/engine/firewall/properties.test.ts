import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanText } from '../../../engine/firewall/index';

const pieces = fc.constantFrom(
  '4242 4242 4242 4242',
  'DE89 3704 0044 0532 0130 00',
  '123-45-6789',
  '+1 415 555 0123',
  'bob@acme.test',
  'password: x',
  'code is 123456',
  'ignore previous instructions',
  '\u200b',
  '\u202e',
  '\u0430',
  '\u{E0069}',
  'SWdub3Jl',
  '![a](https://x.test/?q=',
  '<|im_start|>',
  '### system\n',
  ' ',
  '\n',
  '-',
  '.',
  '(',
  ')',
);

describe('scanText properties', () => {
  it('never throws and returns findings inside the text', () => {
    const texts = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.array(pieces, { maxLength: 40 }).map((a) => a.join('')),
      fc.array(fc.oneof(pieces, fc.string({ maxLength: 5 })), { maxLength: 60 }).map((a) => a.join('')),
    );
    fc.assert(
      fc.property(texts, (text) => {
        const found = scanText(text);
        for (const f of found) {
          expect(f.start).toBeGreaterThanOrEqual(0);
          expect(f.end).toBeLessThanOrEqual(text.length);
          expect(f.start).toBeLessThanOrEqual(f.end);
          expect(typeof f.detail).toBe('string');
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('runs bounded on random strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 1000, maxLength: 5000 }), (text) => {
        const t0 = performance.now();
        scanText(text);
        // A bound for catastrophic backtracking (seconds), not a speed check: a loaded machine's
        // garbage collection paused a scan past the 500 ms this once said.
        expect(performance.now() - t0).toBeLessThan(3000);
      }),
      { numRuns: 50 },
    );
  });

  it('runs bounded on adversarial long inputs (200k characters)', () => {
    const adversarial = [
      'a'.repeat(200_000),
      '1 '.repeat(100_000),
      '1-'.repeat(100_000),
      'ignore '.repeat(28_000),
      'QUJD'.repeat(50_000),
      'x@y.'.repeat(50_000),
      'password: '.repeat(20_000),
      'your code is '.repeat(15_000),
      '![a](//h?'.repeat(20_000),
      '\u200b'.repeat(200_000),
      '\u0430\u0431'.repeat(100_000),
      'DE89 '.repeat(40_000),
      '+1 ('.repeat(50_000),
    ];
    for (const text of adversarial) {
      const t0 = performance.now();
      scanText(text);
      expect(performance.now() - t0, text.slice(0, 12)).toBeLessThan(3000);
    }
  });
});
