import { describe, expect, it } from 'vitest';
import { formatWorldIssues, parseWorld, WorldState } from '../../../engine/world';
import { SMALL_WORLD } from './harness';

const errorsOf = (text: string, file = 'w.yaml') => {
  const r = parseWorld(text, file);
  if (r.ok) throw new Error('expected errors');
  return r.errors;
};

describe('parseWorld', () => {
  it('parses a YAML world and fills the defaults', () => {
    const r = parseWorld(SMALL_WORLD, 'small.yaml');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const m2 = r.world.emails.find((e) => e.id === 'm2');
    expect(m2).toMatchObject({ folder: 'INBOX', cc: [], labels: [], threadId: 'm2', unread: true });
    expect(r.world.user.addresses).toEqual(['alex@acme.test', 'A.Doe@acme.test']);
    expect(r.world.allowlists).toEqual({ recipients: [], urls: [] });
    expect(r.world.sent).toEqual([]);
    expect(r.warnings).toEqual([]);
  });

  it('numbers new ids after those other worlds of the same store took (numberedAfter)', () => {
    const a = parseWorld(SMALL_WORLD, 'small.yaml');
    if (!a.ok) throw new Error('bad fixture');
    const text = JSON.stringify({ ...a.world, numberedAfter: { draft: 7, sent: 2 } });
    const b = parseWorld(text, 'w.json');
    if (!b.ok) throw new Error('expected a world');
    expect(b.warnings).toEqual([]);
    const w = new WorldState(b.world);
    expect([w.nextId('draft'), w.nextId('sent'), w.nextId('event')]).toEqual(['draft-8', 'sent-3', 'ev-new-1']);
    expect(parseWorld(JSON.stringify({ ...a.world, numberedAfter: { draft: -1 } }), 'w.json').ok).toBe(false);
  });

  it('parses the JSON form of the same world', () => {
    const a = parseWorld(SMALL_WORLD, 'small.yaml');
    if (!a.ok) throw new Error('bad fixture');
    const b = parseWorld(JSON.stringify(a.world, null, 2), 'small.json');
    expect(b.ok && b.world).toEqual(a.world);
  });

  it('normalises dates to UTC and accepts numeric ids and single addresses', () => {
    const r = parseWorld(
      `user: {name: A, email: a@x.test}\nnow: "2026-03-16T10:00:00+01:00"\nemails:\n  - {id: 7, from: b@x.test, to: a@x.test, subject: 2026, date: "2026-03-15"}\n`,
      'w.yaml',
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.world.now).toBe('2026-03-16T09:00:00Z');
    expect(r.world.emails[0]).toMatchObject({
      id: '7',
      to: ['a@x.test'],
      subject: '2026',
      date: '2026-03-15T00:00:00Z',
      body: '',
    });
    expect(r.world.user.addresses).toEqual(['a@x.test']);
  });

  it('reports YAML syntax errors with line and column', () => {
    const errs = errorsOf(
      'user: {name: A, email: a@x.test}\nnow: "2026-03-16T09:00:00Z"\nemails: [\n  {id: e1, id: e2}\n',
    );
    expect(errs[0]).toMatchObject({ line: 4, column: 12 });
    expect(errs[0]?.message).toMatch(/unique/);
  });

  it('reports schema errors at the offending node', () => {
    const text = [
      'user: {name: A, email: a@x.test}', // 1
      'now: "2026-03-16T09:00:00Z"', // 2
      'emails:', // 3
      '  - id: e1', // 4
      '    from: b@x.test', // 5
      '    date: "2026-03-15T10:00:00Z"', // 6
      '  - id: e2', // 7
      '    from: not an address', // 8
      '    date: "yesterday"', // 9
    ].join('\n');
    const errs = errorsOf(text);
    const from = errs.find((e) => e.message.startsWith('emails[1].from'));
    const date = errs.find((e) => e.message.startsWith('emails[1].date'));
    expect(from).toMatchObject({ line: 8, column: 11 });
    expect(date).toMatchObject({ line: 9, column: 11 });
    expect(date?.message).toMatch(/ISO 8601/);
  });

  it('reports a missing required key at its parent', () => {
    const errs = errorsOf('now: "2026-03-16T09:00:00Z"\nemails: []\n');
    expect(errs[0]).toMatchObject({ line: 1, column: 1 });
    expect(errs[0]?.message).toMatch(/^user: /);
  });

  it('reports duplicate ids and events that end before they start', () => {
    const errs = errorsOf(
      [
        'user: {name: A, email: a@x.test}',
        'now: "2026-03-16T09:00:00Z"',
        'emails:',
        '  - {id: e1, from: b@x.test, date: "2026-03-15T10:00:00Z"}',
        '  - {id: e1, from: b@x.test, date: "2026-03-15T10:00:00Z"}',
        'events:',
        '  - {id: v1, title: T, start: "2026-03-16T10:00:00Z", end: "2026-03-16T09:00:00Z", organizer: a@x.test}',
      ].join('\n'),
    );
    expect(errs.map((e) => [e.line, e.message.split(':')[0]])).toEqual([
      [5, 'emails[1].id'],
      [7, 'events[0].end'],
    ]);
  });

  it('refuses non-JSON syntax in a .json file, with the position', () => {
    const errs = errorsOf(
      '{\n  "user": {"name": "A", "email": "a@x.test"},\n  "now": "2026-03-16T09:00:00Z",\n}',
      'w.json',
    );
    expect(errs[0]?.line).toBe(4);
    expect(errs[0]?.message).toMatch(/invalid JSON/);
  });

  it('warns about unknown keys with their position but still loads', () => {
    const r = parseWorld(
      'user: {name: A, email: a@x.test}\nnow: "2026-03-16T09:00:00Z"\nemails:\n  - {id: e1, from: b@x.test, date: "2026-03-15T10:00:00Z", sujbect: Hi}\n',
      'w.yaml',
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.warnings).toEqual([
      { line: 4, column: 60, message: 'emails[0].sujbect: unknown key "sujbect" (ignored)' },
    ]);
  });

  it('accepts homoglyph addresses (so that policies can see and refuse them)', () => {
    const r = parseWorld(
      'user: {name: A, email: a@x.test}\nnow: "2026-03-16T09:00:00Z"\nemails:\n  - {id: e1, from: "P <priya@аcme.test>", date: "2026-03-15T10:00:00Z"}\n',
      'w.yaml',
    );
    expect(r.ok).toBe(true);
  });

  it('formats issues as file:line:col lines and WorldState.fromText throws them', () => {
    expect(formatWorldIssues('w.yaml', [{ line: 2, column: 3, message: 'boom' }])).toBe('w.yaml:2:3: boom');
    expect(() => WorldState.fromText('now: 1', 'w.yaml')).toThrow(/^w\.yaml:1:1: /);
  });

  it('a snapshot parses again to the same world', () => {
    const s = WorldState.fromText(SMALL_WORLD, 'small.yaml');
    const again = parseWorld(JSON.stringify(s.snapshot()), 'after.json');
    expect(again.ok && again.world).toEqual(s.snapshot());
  });
});
