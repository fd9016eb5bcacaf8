/**
 * The counts every screen writes ("1 entry", "2 entries", "1,234 entries"): one word for one,
 * never "1 entries" or "entry(s)".
 */
import { describe, expect, it } from 'vitest';
import { count } from '../../renderer/src/format';

describe('counts in words', () => {
  it('says one in the singular and groups thousands', () => {
    expect(count(1, 'entry', 'entries')).toBe('1 entry');
    expect(count(0, 'entry', 'entries')).toBe('0 entries');
    expect(count(1234, 'entry', 'entries')).toBe('1,234 entries');
    expect(count(1, 'rule')).toBe('1 rule');
    expect(count(2, 'rule')).toBe('2 rules');
  });
});
