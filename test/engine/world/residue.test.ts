/**
 * The residue in the world file (engine/world/residue.ts): it survives a snapshot and a parse
 * (JSON and YAML), reaches what a later run reads of its collection and nothing else, and
 * malformed input fails with its line, column and what was expected.
 */
import { describe, expect, it } from 'vitest';
import { sourceLabel } from '../../../engine/ifc/label';
import { MAX_RESIDUE_SOURCES, parseWorld, residueOfRun, WorldState, type World } from '../../../engine/world';
import { SMALL_WORLD } from './harness';

const small = (): World => {
  const r = parseWorld(SMALL_WORLD, 'small.yaml');
  if (!r.ok) throw new Error('bad fixture');
  return r.world;
};
const attacker = sourceLabel('tool:getEmail:m1', { trusted: false, readers: ['alex@acme.test'] });

describe('the residue in a world file', () => {
  it('survives a snapshot and a parse, and only grows', () => {
    const w = new WorldState(small());
    w.noteResidue(residueOfRun({ createEvent: attacker }, () => 'egress'));
    const snap = w.snapshot();
    expect(snap.residue).toEqual({
      calendar: {
        sources: ['tool:getEmail:m1'],
        untrusted: ['tool:getEmail:m1'],
        readers: ['alex@acme.test'],
        caps: [],
      },
    });
    const again = parseWorld(JSON.stringify(snap), 'after.json');
    if (!again.ok) throw new Error(JSON.stringify(again.errors));
    expect(again.warnings).toEqual([]);
    expect(again.world.residue).toEqual(snap.residue);
    const next = new WorldState(again.world);
    expect(next.residueOf('calendar')).toEqual(attacker);
    expect(next.residueOf('mailbox').sources).toEqual([]);
    // Only what a run adds is its effect; the world keeps the join.
    expect(next.effects().residue).toBeUndefined();
    next.noteResidue({ mailbox: attacker });
    expect(Object.keys(next.effects().residue ?? {})).toEqual(['mailbox']);
    expect(Object.keys(next.snapshot().residue ?? {})).toEqual(['mailbox', 'calendar']);
  });

  it('keeps nothing for a run decided only by trusted data, or for tools that change nothing', () => {
    const trusted = sourceLabel('tool:getFreeBusy:x', { trusted: true, readers: ['alex@acme.test'] });
    expect(residueOfRun({ createEvent: trusted, archiveEmail: trusted }, () => 'organize')).toEqual({});
    expect(residueOfRun({ listEmails: attacker }, () => 'source')).toEqual({});
    expect(
      Object.keys(
        residueOfRun({ archiveEmail: attacker, createDraft: attacker }, (t) =>
          t === 'createDraft' ? 'local' : 'organize',
        ),
      ),
    ).toEqual(['mailbox', 'drafts']);
    // A tool that changes the world in a way no effect names: any collection.
    expect(Object.keys(residueOfRun({ someNewTool: attacker }, () => 'egress'))).toEqual([
      'mailbox',
      'calendar',
      'sent',
      'drafts',
    ]);
  });

  it('reaches the state of every item of its collection, not of the others', () => {
    const w = new WorldState(small());
    w.noteResidue({ calendar: attacker });
    expect(w.stateLabel('event:anything').untrusted).toEqual(['tool:getEmail:m1']);
    expect(w.stateLabel('email:m2').untrusted).toEqual([]);
    // A message sent unseen would be in the mailbox's Sent folder after a sync.
    w.noteResidue({ sent: attacker });
    expect(w.stateLabel('email:m2').untrusted).toEqual(['tool:getEmail:m1']);
  });

  it('stays bounded: past MAX_RESIDUE_SOURCES sources, one untrusted summary with the same readers and caps', () => {
    const w = new WorldState(small());
    for (let i = 0; i <= MAX_RESIDUE_SOURCES; i++)
      w.noteResidue({
        mailbox: sourceLabel(`tool:listEmails:e${i}`, { trusted: false, readers: ['alex@acme.test', `p${i}@x.test`] }),
      });
    expect(w.residueOf('mailbox')).toEqual({
      sources: ['residue:mailbox'],
      untrusted: ['residue:mailbox'],
      readers: ['alex@acme.test'],
      caps: [],
    });
    w.noteResidue({ mailbox: attacker });
    expect(w.residueOf('mailbox').sources.length).toBeLessThanOrEqual(MAX_RESIDUE_SOURCES);
    expect(w.residueOf('mailbox').untrusted).toContain('residue:mailbox');
  });

  it('fails clearly on malformed input', () => {
    const bad = (residue: unknown): string[] => {
      const r = parseWorld(JSON.stringify({ ...small(), residue }), 'w.json');
      if (r.ok) throw new Error('expected errors');
      return r.errors.map((e) => `${e.line}:${e.column}: ${e.message}`);
    };
    expect(bad({ inbox: { sources: [], untrusted: [], readers: 'public', caps: [] } }).join('\n')).toMatch(
      /residue.*inbox/i,
    );
    expect(bad({ calendar: { sources: 'x', untrusted: [], readers: 'public', caps: [] } }).join('\n')).toMatch(
      /residue\.calendar\.sources/,
    );
    expect(bad({ calendar: { sources: ['a'], untrusted: ['b'], readers: 'public', caps: [] } })).toEqual([
      expect.stringMatching(
        /^\d+:\d+: residue\.calendar\.untrusted: untrusted source "b" is not one of the label's sources$/,
      ),
    ]);
  });
});
