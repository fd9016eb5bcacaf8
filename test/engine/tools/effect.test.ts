/**
 * `effectOf` for every tool with an effect: the complete, resolved description of what a call
 * does — who a reply-all really reaches, subject prefixes, threading headers, a forward's quoted
 * original and attachments, an event update's attendees — and `recipientsOf`/`canonicalEffectBytes`
 * over it. Also: the tool lists are derived from the tools' kinds, and the hash binds what leaves.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  canonicalEffectBytes,
  EFFECT_TOOLS,
  effectHash,
  effectOf,
  EffectError,
  EVENT_TOOLS,
  MAIL_TOOLS,
  ORGANIZE_TOOLS,
  recipientsOf,
  type EffectLookups,
  type OriginalEmail,
} from '../../../engine/tools';
import { BUILTIN_TOOL_KINDS } from '../../../engine/policy/tools';

const PDF = { filename: 'invoice.pdf', contentType: 'application/pdf', size: 1080, sha256: 'ab'.repeat(32) };
const emails: Record<string, OriginalEmail> = {
  e1: {
    id: 'e1',
    from: 'Bob Lee <bob@acme.test>',
    to: ['Maya <maya@acme.test>', 'Dave Kim <dave@partner.test>'],
    cc: ['erin@acme.test', 'MAYA@acme.test', 'dave@partner.test'],
    subject: 'Re: Release 2.4',
    date: '2026-03-16T09:00:00.000Z',
    body: 'Can we ship Friday?',
    messageId: '<m2@acme.test>',
    references: ['<m1@acme.test>'],
    attachments: [PDF],
  },
  mine: {
    id: 'mine',
    from: 'maya@acme.test',
    to: ['carol@globex.test'],
    cc: ['dan@globex.test'],
    subject: 'Quote',
    date: '2026-03-15T09:00:00.000Z',
    body: 'Here is the quote.',
    messageId: null,
    references: [],
    attachments: [],
  },
};
const event = {
  id: 'ev1',
  title: 'Planning',
  start: '2026-03-17T15:00:00Z',
  end: '2026-03-17T15:30:00.000Z',
  location: 'Room 4',
  description: '',
  organizer: 'maya@acme.test',
  attendees: ['bob@acme.test', 'maya@acme.test', 'erin@acme.test'],
};
const lookups: EffectLookups = {
  account: { from: 'Maya <maya@acme.test>', addresses: ['maya@acme.test', 'maya.b@acme.test'] },
  email: (id) => emails[id],
  event: (id) => (id === event.id ? event : undefined),
};

describe('mail effects', () => {
  it('sendEmail: the addresses and text as given, threaded under inReplyTo when named', () => {
    const e = effectOf(
      'sendEmail',
      { to: 'x@y.test', cc: ['z@y.test'], subject: 'Hi', body: 'B', inReplyTo: 'e1' },
      lookups,
    );
    expect(e).toEqual({
      kind: 'mail',
      tool: 'sendEmail',
      from: 'Maya <maya@acme.test>',
      to: ['x@y.test'],
      cc: ['z@y.test'],
      bcc: [],
      subject: 'Hi',
      body: 'B',
      inReplyTo: '<m2@acme.test>',
      references: ['<m1@acme.test>', '<m2@acme.test>'],
      attachments: [],
    });
    expect(recipientsOf(e)).toEqual(['x@y.test', 'z@y.test']);
  });

  it('replyToEmail: the sender; no second Re:; threaded', () => {
    const e = effectOf('replyToEmail', { id: 'e1', body: 'Yes.' }, lookups);
    expect(e).toMatchObject({
      to: ['Bob Lee <bob@acme.test>'],
      cc: [],
      subject: 'Re: Release 2.4',
      body: 'Yes.',
      inReplyTo: '<m2@acme.test>',
      references: ['<m1@acme.test>', '<m2@acme.test>'],
      attachments: [],
    });
  });

  it('replyToEmail with replyAll: everyone else on To and Cc, once each, never the person', () => {
    const e = effectOf('replyToEmail', { id: 'e1', body: 'Yes.', replyAll: true }, lookups);
    expect(recipientsOf(e)).toEqual(['bob@acme.test', 'dave@partner.test', 'erin@acme.test']);
    expect(e).toMatchObject({
      to: ['Bob Lee <bob@acme.test>'],
      cc: ['Dave Kim <dave@partner.test>', 'erin@acme.test'],
    });
  });

  it("replyToEmail to one's own message goes to its recipients", () => {
    expect(recipientsOf(effectOf('replyToEmail', { id: 'mine', body: 'And?' }, lookups))).toEqual([
      'carol@globex.test',
    ]);
    expect(recipientsOf(effectOf('replyToEmail', { id: 'mine', body: 'And?', replyAll: true }, lookups))).toEqual([
      'carol@globex.test',
      'dan@globex.test',
    ]);
  });

  it("forwardEmail: Fwd: prefix, the words above the quoted original, the original's attachments, no threading", () => {
    const e = effectOf('forwardEmail', { id: 'e1', to: ['ap@vendor.test'], body: 'FYI' }, lookups);
    expect(e).toMatchObject({
      to: ['ap@vendor.test'],
      subject: 'Fwd: Re: Release 2.4',
      inReplyTo: null,
      references: [],
      attachments: [PDF],
    });
    expect(e.kind === 'mail' && e.body).toBe(
      'FYI\n\n---------- Forwarded message ----------\nFrom: Bob Lee <bob@acme.test>\nDate: 2026-03-16T09:00:00.000Z\n' +
        'Subject: Re: Release 2.4\nTo: Maya <maya@acme.test>, Dave Kim <dave@partner.test>\n\nCan we ship Friday?',
    );
    const again = effectOf('forwardEmail', { id: 'mine', to: 'a@b.test' }, lookups);
    expect(again).toMatchObject({ subject: 'Fwd: Quote' });
    expect(
      effectOf(
        'forwardEmail',
        { id: 'e1', to: 'a@b.test' },
        { ...lookups, email: () => ({ ...emails.e1!, subject: 'Fw: x' }) },
      ),
    ).toMatchObject({
      subject: 'Fw: x',
    });
  });

  it('an email that is gone is an error naming the tool and the id', () => {
    expect(() => effectOf('replyToEmail', { id: 'nope', body: '' }, lookups)).toThrow(EffectError);
    expect(() => effectOf('forwardEmail', { id: 'nope', to: 'a@b.test' }, lookups)).toThrow(
      /forwardEmail: the email "nope"/,
    );
  });
});

describe('event effects', () => {
  it('createEvent: organised by the person, every attendee but them notified, times in one form', () => {
    const e = effectOf(
      'createEvent',
      {
        title: 'Sync',
        start: '2026-03-18T10:00:00Z',
        end: '2026-03-18T10:30:00Z',
        attendees: ['bob@acme.test', 'maya.b@acme.test'],
      },
      lookups,
    );
    expect(e).toMatchObject({
      op: 'create',
      eventId: null,
      organizer: 'Maya <maya@acme.test>',
      start: '2026-03-18T10:00:00Z',
    });
    expect(recipientsOf(e)).toEqual(['bob@acme.test']);
  });

  it('updateEvent: the attendees after the change are notified; unchanged fields kept', () => {
    const e = effectOf(
      'updateEvent',
      { id: 'ev1', addAttendees: ['zoe@out.test'], removeAttendees: ['ERIN@acme.test'] },
      lookups,
    );
    expect(e).toMatchObject({
      op: 'update',
      eventId: 'ev1',
      title: 'Planning',
      start: '2026-03-17T15:00:00Z',
      end: '2026-03-17T15:30:00Z',
      attendees: ['bob@acme.test', 'maya@acme.test', 'zoe@out.test'],
    });
    expect(recipientsOf(e)).toEqual(['bob@acme.test', 'zoe@out.test']);
  });

  it('respondToEvent: the answer goes to the organiser', () => {
    const e = effectOf('respondToEvent', { id: 'ev1', response: 'tentative' }, lookups);
    expect(e).toMatchObject({ op: 'respond', response: 'tentative', notified: ['maya@acme.test'] });
  });
});

describe('organize effects', () => {
  it.each([
    ['archiveEmail', { id: 'e1' }, { folder: 'Archive' }],
    ['markRead', { id: 'e1' }, {}],
    ['labelEmail', { id: 'e1', label: 'Finance' }, { label: 'Finance' }],
    ['moveEmail', { id: 'e1', folder: 'Projects' }, { folder: 'Projects' }],
    ['deleteEmail', { id: 'e1' }, { folder: 'Trash' }],
  ] as const)('%s names the email and its change, and reaches nobody', (tool, args, change) => {
    const e = effectOf(tool, args, lookups);
    expect(e).toEqual({ kind: 'organize', tool, emailId: 'e1', ...change });
    expect(recipientsOf(e)).toEqual([]);
  });
});

describe('the tool list', () => {
  it('every egress, organize and destructive tool has an effect, with the kind the policy knows', () => {
    const withEffect = Object.entries(BUILTIN_TOOL_KINDS)
      .filter(([, k]) => k === 'egress' || k === 'organize' || k === 'destructive')
      .map(([t]) => t)
      .sort();
    expect(EFFECT_TOOLS.map((t) => t.name).sort()).toEqual(withEffect);
    for (const t of EFFECT_TOOLS) expect(t.kind).toBe(BUILTIN_TOOL_KINDS[t.name]);
    expect([...MAIL_TOOLS].sort()).toEqual(['forwardEmail', 'replyToEmail', 'sendEmail']);
    expect([...EVENT_TOOLS].sort()).toEqual(['createEvent', 'respondToEvent', 'updateEvent']);
    expect(ORGANIZE_TOOLS.has('deleteEmail')).toBe(true);
  });
});

describe('canonical bytes', () => {
  it('are the same whatever the display names, case and line endings: only where it goes and what it says', () => {
    const a = effectOf('sendEmail', { to: 'Bob <BOB@acme.test>', subject: 'S', body: 'a\r\nb\r\n' }, lookups);
    const b = effectOf('sendEmail', { to: 'bob@acme.test', subject: 'S', body: 'a\nb' }, lookups);
    expect(canonicalEffectBytes(a)).toBe(canonicalEffectBytes(b));
    expect(effectHash(a)).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('change with every recipient, subject, body and attachment (property)', () => {
    const addr = fc
      .tuple(fc.stringMatching(/^[a-z]{1,6}$/), fc.stringMatching(/^[a-z]{1,6}$/))
      .map(([u, d]) => `${u}@${d}.test`);
    fc.assert(
      fc.property(
        fc.array(addr, { minLength: 1, maxLength: 4 }),
        addr,
        fc.string(),
        fc.string(),
        (to, extra, subject, body) => {
          const base = effectOf('sendEmail', { to, subject, body }, lookups);
          const more = effectOf('sendEmail', { to, cc: [extra], subject, body }, lookups);
          const other = effectOf('sendEmail', { to, subject: `${subject}!`, body }, lookups);
          expect(effectHash(more)).not.toBe(effectHash(base));
          expect(effectHash(other)).not.toBe(effectHash(base));
        },
      ),
    );
  });
});
