/**
 * `countTerm` keeps the last text's lowercase copy and each term's pattern, and skips terms the
 * text does not contain: on any texts and terms, in any order of calls, it answers as counting
 * with a fresh copy and a fresh pattern each time does.
 */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countTerm, escapeRegExp } from '../../../engine/world/extractor/text';

/** The definition: whole-word (or phrase) occurrences, case-insensitive, nothing kept. */
function counted(haystack: string, term: string): number {
  const t = term.trim().toLowerCase();
  if (!t) return 0;
  const re = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(t)}(?![\\p{L}\\p{N}])`, 'gu');
  return haystack.toLowerCase().match(re)?.length ?? 0;
}

// Few letters, so that terms occur, at word edges and inside words; some that change length or
// meaning when lowercased (İ, Σ), digits, punctuation and pattern syntax.
const piece = fc.constantFrom(
  'a',
  'b',
  'ab',
  'A',
  'B',
  ' ',
  '  ',
  '\n',
  '1',
  'é',
  'É',
  'İ',
  'Σ',
  '.',
  '?',
  '-',
  '(',
  '$',
  '*',
);
const text = fc.array(piece, { maxLength: 30 }).map((xs) => xs.join(''));

describe('countTerm', () => {
  it('counts as a fresh copy and pattern would, whatever was counted before', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), text), { minLength: 1, maxLength: 12 }),
        fc.array(text, { minLength: 3, maxLength: 3 }),
        (calls, texts) => {
          for (const [which, term] of calls) expect(countTerm(texts[which]!, term)).toBe(counted(texts[which]!, term));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('counts whole words and phrases only', () => {
    expect(countTerm('Meet me at the meeting; MEET again', 'meet')).toBe(2);
    expect(countTerm('this week in tech, This Week In review', 'this week in')).toBe(2);
    expect(countTerm('nothing here', 'meet')).toBe(0);
  });
});
