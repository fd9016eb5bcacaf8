/**
 * The Audit filter and its kind column in a person's words: every kind of entry the app writes
 * has words, none of them the engine's ("run", a dotted kind, a tool's code name).
 */
import { describe, expect, it } from 'vitest';
import type { AuditKind } from '../../main/audit/sink';
import { KIND_GROUPS, kindWords } from '../../renderer/src/audit-kinds';

const KINDS: readonly AuditKind[] = [
  'run.started',
  'run.finished',
  'call.decided',
  'claim.created',
  'claim.approved',
  'claim.rejected',
];

describe('audit kinds in words', () => {
  it('names each kind, group and "any" choice without engine words', () => {
    const words = [
      ...KIND_GROUPS.flatMap((g) => [g.label, ...(g.prefix ? [g.all] : []), ...g.kinds.map(([, w]) => w)]),
      ...KINDS.map(kindWords),
    ];
    for (const w of words) {
      expect(w, w).not.toMatch(/\b[Rr]uns?\b|\w\.\w|[a-z][A-Z]/);
      expect(w, w).toMatch(/^[A-Z]/);
    }
    expect(kindWords('run.started')).toBe('Assistant started');
    expect(kindWords('run.finished')).toBe('Assistant finished');
  });
});
