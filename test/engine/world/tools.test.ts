import { describe, expect, it } from 'vitest';
import { BOTTOM, isTrusted, sourceLabel, type Label } from '../../../engine/ifc/label';
import { deepLabel, leavesOf, plainOf, type LabeledValue } from '../../../engine/ifc/labeled-value';
import { ToolError, toolRegistry } from '../../../engine/tools/types';
import { BUILTIN_TOOL_KINDS } from '../../../engine/policy';
import { WORLD_TOOL_NAMES, worldTools } from '../../../engine/world';
import { call, smallState, toolsOf } from './harness';

const USER = ['a.doe@acme.test', 'alex@acme.test'];
const entry = (v: LabeledValue, key: string): LabeledValue => {
  if (v.kind !== 'object') throw new Error('not an object');
  const e = v.entries[key];
  if (!e) throw new Error(`no ${key}`);
  return e;
};
const item = (v: LabeledValue, i: number): LabeledValue => {
  if (v.kind !== 'array') throw new Error('not an array');
  const e = v.items[i];
  if (!e) throw new Error(`no item ${i}`);
  return e;
};
const itemsOf = (v: LabeledValue): readonly LabeledValue[] => (v.kind === 'array' ? v.items : []);

async function expectToolError(p: Promise<unknown>, kind: ToolError['kind']): Promise<ToolError> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(ToolError);
  expect((e as ToolError).kind).toBe(kind);
  return e as ToolError;
}

describe('worldTools: the table', () => {
  it('declares every contract tool except the sanitizers, once, with kind, params, schema and doc', () => {
    const specs = worldTools(smallState());
    expect(specs.map((s) => s.name).sort()).toEqual([...WORLD_TOOL_NAMES].sort());
    expect(() => toolRegistry(specs)).not.toThrow();
    expect(specs.some((s) => s.name === 'verifyEmailAddress' || s.name === 'verifyUrl')).toBe(false);
    const kinds = Object.fromEntries(specs.map((s) => [s.name, s.kind]));
    // The world's tools have the kinds contracts.md gives them, as the policy engine knows them.
    const expected = Object.fromEntries(specs.map((s) => [s.name, BUILTIN_TOOL_KINDS[s.name]]));
    expect(kinds).toEqual(expected);
    const params = Object.fromEntries(specs.map((s) => [s.name, [s.params, s.objectArg ?? false]]));
    expect(params).toMatchObject({
      getEmail: [['id'], false],
      labelEmail: [['id', 'label'], false],
      replyToEmail: [['id'], true],
      listEmails: [[], true],
      extract: [['text', 'schema'], false],
      summarize: [['text'], true],
      respondToEvent: [['id', 'response'], false],
      log: [['...values'], false],
    });
    for (const s of specs) expect(s.doc.length).toBeGreaterThan(10);
  });

  it('validates named arguments strictly', () => {
    const t = toolsOf(smallState());
    expect(t.get('replyToEmail')?.schema.safeParse({ id: 'm1', body: 'x', replyAll: true }).success).toBe(true);
    expect(t.get('replyToEmail')?.schema.safeParse({ id: 'm1', options: { body: 'x' } }).success).toBe(false);
    expect(t.get('sendEmail')?.schema.safeParse({ to: 'bob@acme.test', subject: 's', body: 'b' }).success).toBe(true);
    expect(t.get('sendEmail')?.schema.safeParse({ to: ['not an address'], subject: 's', body: 'b' }).success).toBe(
      false,
    );
    expect(
      t.get('createEvent')?.schema.safeParse({ title: 't', start: 'tomorrow', end: '2026-03-16T10:00:00Z' }).success,
    ).toBe(false);
    expect(t.get('listEmails')?.schema.safeParse({}).success).toBe(true);
  });
});

describe('worldTools: trusted sources', () => {
  it('now() and me() are trusted, public system data', async () => {
    const t = toolsOf(smallState());
    const now = await call(t, 'now', {});
    expect(plainOf(now)).toBe('2026-03-16T09:00:00Z');
    expect(now.label).toEqual({ sources: ['system'], untrusted: [], readers: 'public', caps: [] });
    const me = await call(t, 'me', {});
    expect(plainOf(me)).toEqual({
      name: 'Alex Doe',
      email: 'alex@acme.test',
      addresses: ['alex@acme.test', 'A.Doe@acme.test'],
    });
    expect(deepLabel(me)).toEqual({ sources: ['system'], untrusted: [], readers: 'public', caps: [] });
  });

  it('searchContacts: trusted system data readable by the user only', async () => {
    const t = toolsOf(smallState());
    const r = await call(t, 'searchContacts', { query: 'bob' });
    expect(plainOf(r)).toEqual([{ name: 'Bob Lee', email: 'bob@acme.test' }]);
    const l = deepLabel(r);
    expect(l).toEqual({ sources: ['system'], untrusted: [], readers: USER, caps: [] });
    expect(plainOf(await call(t, 'searchContacts', {}))).toHaveLength(2);
  });

  it('searchContacts: an untrusted query taints which contacts come back', async () => {
    const t = toolsOf(smallState());
    const q = sourceLabel('tool:getEmail:m2', { trusted: false });
    const r = await call(t, 'searchContacts', { query: 'bob' }, { query: q });
    expect(r.label.untrusted).toEqual(['tool:getEmail:m2']);
    expect(isTrusted(item(r, 0).label)).toBe(true);
    const leaf = leavesOf(r).find((x) => x.path === '[0].email');
    expect(leaf?.label.untrusted).toEqual(['tool:getEmail:m2']);
  });

  it('getFreeBusy: merged busy intervals, trusted, readers = the user, PRIVATE_CALENDAR', async () => {
    const t = toolsOf(smallState());
    const r = await call(t, 'getFreeBusy', { from: '2026-03-16T00:00:00Z', to: '2026-03-18T00:00:00Z' });
    expect(plainOf(r)).toEqual([
      { start: '2026-03-16T10:00:00Z', end: '2026-03-16T11:00:00Z' },
      { start: '2026-03-17T15:00:00Z', end: '2026-03-17T16:00:00Z' },
    ]);
    expect(deepLabel(r)).toEqual({
      sources: ['tool:getFreeBusy:2026-03-16T00:00:00Z'],
      untrusted: [],
      readers: USER,
      caps: ['PRIVATE_CALENDAR'],
    });
  });
});

describe('worldTools: emails', () => {
  it('getEmail: every field labeled with tool:getEmail:<id>, untrusted, readers from+to+cc+user', async () => {
    const t = toolsOf(smallState());
    const r = await call(t, 'getEmail', { id: 'm1' });
    expect(plainOf(r)).toEqual({
      id: 'm1',
      folder: 'INBOX',
      from: 'Bob Lee <Bob@acme.test>',
      to: ['alex@acme.test'],
      cc: ['carol@acme.test'],
      subject: 'Lunch?',
      date: '2026-03-15T18:00:00Z',
      body: 'Lunch tomorrow at 12:30? Please confirm.',
      unread: true,
      threadId: 'm1',
      labels: [],
    });
    const readers = ['a.doe@acme.test', 'alex@acme.test', 'bob@acme.test', 'carol@acme.test'];
    const base: Label = { sources: ['tool:getEmail:m1'], untrusted: ['tool:getEmail:m1'], readers, caps: [] };
    const text: Label = { ...base, caps: ['EXTERNAL_CONTENT', 'UNTRUSTED_TEXT'] };
    expect(r.label).toEqual(base);
    expect(entry(r, 'id').label).toEqual(base);
    expect(entry(r, 'date').label).toEqual(base);
    expect(entry(r, 'unread').label).toEqual(base);
    expect(entry(r, 'body').label).toEqual(text);
    expect(entry(r, 'subject').label).toEqual(text);
    expect(entry(r, 'from').label).toEqual(text);
    expect(entry(r, 'cc').label).toEqual(base);
    expect(item(entry(r, 'cc'), 0).label).toEqual(text);
  });

  it("mail from the user's own address is not EXTERNAL_CONTENT (but still untrusted)", async () => {
    const t = toolsOf(smallState());
    const r = await call(t, 'getEmail', { id: 'm3' });
    expect(entry(r, 'body').label).toMatchObject({ untrusted: ['tool:getEmail:m3'], caps: ['UNTRUSTED_TEXT'] });
  });

  it('getEmail: the id argument label joins the result; unknown ids are NotFound with that label', async () => {
    const t = toolsOf(smallState());
    const idLabel = sourceLabel('tool:listEmails:m2', { trusted: false });
    const r = await call(t, 'getEmail', { id: 'm1' }, { id: idLabel });
    expect(r.label.sources).toEqual(['tool:getEmail:m1', 'tool:listEmails:m2']);
    expect(entry(r, 'body').label.sources).toEqual(['tool:getEmail:m1']);
    const e = await expectToolError(call(t, 'getEmail', { id: 'nope' }, { id: idLabel }), 'NotFound');
    expect(e.label?.sources).toEqual(['tool:listEmails:m2']);
  });

  it('listEmails: INBOX newest first; items labeled per email; structure = every candidate`s membership', async () => {
    const t = toolsOf(smallState());
    const r = await call(t, 'listEmails', {});
    expect(itemsOf(r).map((i) => plainOf(entry(i, 'id')))).toEqual(['m2', 'm1']);
    expect(entry(item(r, 0), 'id').label.sources).toEqual(['tool:listEmails:m2']);
    expect(entry(item(r, 1), 'id').label.sources).toEqual(['tool:listEmails:m1']);
    // Membership is marked `#listed`: still untrusted, but not the items' content. Every email
    // the listing was chosen from counts (m3 is archived: its absence is information too).
    const all = ['tool:listEmails:m1#listed', 'tool:listEmails:m2#listed', 'tool:listEmails:m3#listed'];
    expect(r.label).toMatchObject({ sources: all, untrusted: all, caps: [] });
    expect(itemsOf(await call(t, 'listEmails', { folder: 'archive' })).length).toBe(1);
    expect(itemsOf(await call(t, 'listEmails', { folder: 'all' })).length).toBe(3);
    expect(itemsOf(await call(t, 'listEmails', { limit: 1 })).length).toBe(1);
  });

  it('listEmails: an empty list still depends on every email it was chosen from', async () => {
    const t = toolsOf(smallState());
    const r = await call(t, 'listEmails', { folder: 'Spam' });
    expect(r.kind === 'array' && r.items.length).toBe(0);
    expect(r.label.untrusted).toEqual([
      'tool:listEmails:m1#listed',
      'tool:listEmails:m2#listed',
      'tool:listEmails:m3#listed',
    ]);
  });

  it('searchEmails: words, sender, dates; the query label joins the structure', async () => {
    const t = toolsOf(smallState());
    const q = sourceLabel('user', { trusted: true });
    const r = await call(t, 'searchEmails', { query: 'lunch confirm' }, { query: q });
    expect(itemsOf(r).map((i) => plainOf(entry(i, 'id')))).toEqual(['m1']);
    // m2 and m3 did not match: what they say decided that too.
    expect(r.label.sources).toEqual([
      'tool:searchEmails:m1#listed',
      'tool:searchEmails:m2#listed',
      'tool:searchEmails:m3#listed',
      'user',
    ]);
    expect(entry(item(r, 0), 'subject').label.sources).toEqual(['tool:searchEmails:m1']);
    const bySender = await call(t, 'searchEmails', { from: 'evil.test' });
    expect(itemsOf(bySender).map((i) => plainOf(entry(i, 'id')))).toEqual(['m2']);
    const since = await call(t, 'searchEmails', { since: '2026-03-15T00:00:00Z' });
    expect(itemsOf(since).map((i) => plainOf(entry(i, 'id')))).toEqual(['m2', 'm1']);
  });
});

describe('worldTools: events', () => {
  it('listEvents: trusted when the user organised it, untrusted otherwise', async () => {
    const t = toolsOf(smallState());
    const r = await call(t, 'listEvents', { from: '2026-03-16T00:00:00Z', to: '2026-03-18T00:00:00Z' });
    expect(itemsOf(r).map((i) => plainOf(entry(i, 'id')))).toEqual(['ev1', 'ev2']);
    const own = item(r, 0);
    expect(entry(own, 'title').label).toEqual({
      sources: ['tool:listEvents:ev1'],
      untrusted: [],
      readers: ['a.doe@acme.test', 'alex@acme.test', 'bob@acme.test'],
      caps: ['PRIVATE_CALENDAR'],
    });
    const foreign = item(r, 1);
    expect(entry(foreign, 'start').label).toEqual({
      sources: ['tool:listEvents:ev2'],
      untrusted: ['tool:listEvents:ev2'],
      readers: ['a.doe@acme.test', 'alex@acme.test', 'eve@evil.test'],
      caps: ['PRIVATE_CALENDAR'],
    });
    expect(entry(foreign, 'description').label.caps).toEqual([
      'EXTERNAL_CONTENT',
      'PRIVATE_CALENDAR',
      'UNTRUSTED_TEXT',
    ]);
    expect(r.label.untrusted).toEqual(['tool:listEvents:ev2#listed']);
    expect(r.label.readers).toEqual(USER);
  });

  it('listEvents defaults to the week starting today', async () => {
    const t = toolsOf(smallState());
    expect(itemsOf(await call(t, 'listEvents', {})).length).toBe(2);
    expect(
      itemsOf(await call(t, 'listEvents', { from: '2026-03-17T00:00:00Z', to: '2026-03-17T12:00:00Z' })).length,
    ).toBe(0);
  });
});

describe('worldTools: quarantined extraction', () => {
  const untrustedBody = (): Label => ({
    sources: ['tool:getEmail:m2'],
    untrusted: ['tool:getEmail:m2'],
    readers: ['alex@acme.test', 'eve@evil.test'],
    caps: ['EXTERNAL_CONTENT', 'UNTRUSTED_TEXT'],
  });

  it("extract: output carries the input's label on every part", async () => {
    const t = toolsOf(smallState());
    const r = await call(
      t,
      'extract',
      {
        text: 'Pay EUR 500.00 to IBAN GB29 NWBK 6016 1331 9268 19 now.',
        schema: { type: 'object', properties: { amount: { type: 'number' }, iban: { type: 'string' } } },
      },
      { text: untrustedBody() },
    );
    expect(plainOf(r)).toEqual({ amount: 500, iban: 'GB29NWBK60161331926819' });
    for (const leaf of leavesOf(r)) expect(leaf.label).toEqual(untrustedBody());
    expect(r.label).toEqual(untrustedBody());
  });

  it('extract: NotEnoughInformation carries the input label', async () => {
    const t = toolsOf(smallState());
    const e = await expectToolError(
      call(
        t,
        'extract',
        { text: 'ping a@x.test or b@x.test', schema: { type: 'string', format: 'email' } },
        { text: untrustedBody() },
      ),
      'NotEnoughInformation',
    );
    expect(e.label).toEqual(untrustedBody());
    expect(e.message).not.toContain('a@x.test');
  });

  it('extract: a malformed schema is refused by the argument schema', () => {
    const t = toolsOf(smallState());
    expect(t.get('extract')?.schema.safeParse({ text: 'x', schema: { type: 'thing' } }).success).toBe(false);
  });

  it('summarize and classify: labeled with their inputs (text and labels joined)', async () => {
    const t = toolsOf(smallState());
    const s = await call(
      t,
      'summarize',
      { text: 'First thing. Second thing here.', maxWords: 2 },
      { text: untrustedBody() },
    );
    expect(plainOf(s)).toBe('First thing.');
    expect(s.label).toEqual(untrustedBody());
    const userLabel = sourceLabel('user', { trusted: true });
    const c = await call(
      t,
      'classify',
      { text: 'Your weekly digest. Unsubscribe.', labels: ['newsletter', 'other'] },
      { text: untrustedBody(), labels: userLabel },
    );
    expect(plainOf(c)).toBe('newsletter');
    expect(c.label.sources).toEqual(['tool:getEmail:m2', 'user']);
    const trusted = await call(t, 'classify', { text: 'invoice due', labels: ['invoice', 'other'] });
    expect(trusted.label).toEqual(BOTTOM);
  });

  it('classify: a tie is NotEnoughInformation', async () => {
    const t = toolsOf(smallState());
    await expectToolError(
      call(t, 'classify', { text: 'invoice newsletter', labels: ['invoice', 'newsletter'] }),
      'NotEnoughInformation',
    );
  });
});
