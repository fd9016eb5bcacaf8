/**
 * How long the status line keeps a message (renderer/src/status-life.ts): a plain message goes
 * after a while and when the person moves to another screen, and so does an undo with no window
 * (archive, move); an undo offer with a window (a send, an approval) stays on every screen until
 * the window closes, its `z` only on the screen that made it; errors and work under way stay
 * until replaced or left.
 */
import { describe, expect, it } from 'vitest';
import { keyUndoes, MESSAGE_MS, OFFER_MS, statusEnds, staysOn } from '../../renderer/src/status-life';

const undo = () => Promise.resolve();

describe('the status line’s rule', () => {
  it('lets a plain message go after a while, and keeps errors and work under way until replaced', () => {
    expect(statusEnds({ tone: 'ok' }, 1000)).toBe(1000 + MESSAGE_MS);
    expect(statusEnds({ tone: 'info' }, 1000)).toBe(1000 + MESSAGE_MS);
    expect(statusEnds({ tone: 'error' }, 1000)).toBeNull();
    expect(statusEnds({ tone: 'info', busy: true }, 1000)).toBeNull();
  });

  it('keeps an undo offer until its window closes, or for OFFER_MS when it has none', () => {
    expect(statusEnds({ tone: 'ok', undo, undoUntil: 5000 }, 1000)).toBe(5000);
    expect(statusEnds({ tone: 'ok', undo }, 1000)).toBe(1000 + OFFER_MS);
  });

  it('drops a message and a windowless undo on another screen, not an offer with a window', () => {
    expect(staysOn({ tone: 'ok' }, 'inbox', 'inbox')).toBe(true);
    expect(staysOn({ tone: 'ok' }, 'inbox', 'settings')).toBe(false);
    expect(staysOn({ tone: 'error' }, 'inbox', 'audit')).toBe(false);
    expect(staysOn({ tone: 'ok', undo }, 'inbox', 'settings')).toBe(false);
    expect(staysOn({ tone: 'ok', undo }, 'inbox', 'inbox')).toBe(true);
    expect(staysOn({ tone: 'ok', undo, undoUntil: 5000 }, 'review', 'settings')).toBe(true);
  });

  it('lets z undo only on the screen that made the offer', () => {
    expect(keyUndoes({ tone: 'ok', undo, undoUntil: 5000 }, 'review', 'review')).toBe(true);
    expect(keyUndoes({ tone: 'ok', undo, undoUntil: 5000 }, 'review', 'audit')).toBe(false);
    expect(keyUndoes({ tone: 'ok' }, 'inbox', 'inbox')).toBe(false);
  });
});
