/** The sync's pure parts: UID sets with ranges, pages bounded by count and bytes, stable ids. */
import { describe, expect, it } from 'vitest';
import { pagesOf, remoteMessageId, uidSet } from '../../../main/mail/imap-sync';

describe('sync helpers', () => {
  it('writes UID lists as ranges', () => {
    expect(uidSet([5, 1, 2, 3, 9, 10, 12])).toBe('1:3,5,9:10,12');
    expect(uidSet([7])).toBe('7');
  });

  it('cuts pages by count and by bytes, never leaving a big message out', () => {
    const size = (uid: number) => (uid === 3 ? 100 : 10);
    expect(pagesOf([1, 2, 3, 4, 5, 6], size, { count: 3, bytes: 50 })).toEqual([[1, 2], [3], [4, 5, 6]]);
    expect(pagesOf([], size, { count: 3, bytes: 50 })).toEqual([]);
  });

  it('gives a message the same id every time, and another one after UIDVALIDITY changes', () => {
    expect(remoteMessageId('a', 'INBOX', 1, 7)).toBe(remoteMessageId('a', 'INBOX', 1, 7));
    expect(remoteMessageId('a', 'INBOX', 2, 7)).not.toBe(remoteMessageId('a', 'INBOX', 1, 7));
    expect(remoteMessageId('a', 'INBOX', 1, 7)).toMatch(/^m-[0-9a-f]{24}$/);
  });
});
