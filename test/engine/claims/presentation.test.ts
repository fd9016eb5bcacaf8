// How claims and messages are put into words and pictures: reasons, warnings, lineage graphs.
import { describe, expect, it } from 'vitest';
import { humanizeReason, reasonSentence, type Directory } from '../../../engine/claims/explain';
import { fieldWords } from '../../../engine/claims/field-words';
import { lineageGraph } from '../../../engine/claims/lineage-graph';
import { stepNode, stepWords } from '../../../engine/claims/step-words';
import { linkHosts } from '../../../engine/claims/mail-warnings';

const dir: Directory = {
  email: (id) =>
    id === 'e9' ? { subject: 'UPDATED bank details', from: 'billing@acme-pay.test', fromIsContact: false } : undefined,
  event: () => undefined,
  userAddresses: ['maya@acme.test'],
  contacts: ['bob@acme.test', 'ap@paypal.com'],
  mailboxSize: 52,
};

describe('reasons in words', () => {
  it('collapses a run of listing sources into one phrase with the true count', () => {
    const raw =
      'the call happens because of untrusted data: tool:searchEmails:e01#listed, tool:searchEmails:e02#listed, tool:searchEmails:e03#listed and 47 more (control context)';
    expect(humanizeReason(raw, dir)).toBe(
      'the call happens because of untrusted data: which of the 50 emails a search returned (control context)',
    );
  });
  it('keeps the words around a run of listing sources apart', () => {
    const raw = '`id` depends on tool:searchEmails:e01#listed, sent by bob@acme.test, who is not a recipient';
    expect(humanizeReason(raw, dir)).toBe(
      '`id` depends on which email a search returned, sent by bob@acme.test, who is not a recipient',
    );
    const listed = '`id` depends on tool:listEvents:ev1#listed, tool:listEvents:ev2#listed which is not the item';
    expect(humanizeReason(listed, dir)).toBe(
      '`id` depends on which of the 2 events your calendar returned which is not the item',
    );
  });
  it('names an email by subject and sender, and leaves unknown text alone', () => {
    expect(humanizeReason('from tool:getEmail:e9', dir)).toBe(
      'from the email “UPDATED bank details” from billing@acme-pay.test (not in your contacts)',
    );
    expect(humanizeReason('nothing to see', dir)).toBe('nothing to see');
  });
  it('says a reason as a sentence: fields, the item a recipient takes part in and readers in words', () => {
    const noun = (path: string) => fieldWords('replyToEmail', path).noun;
    const raw =
      'nina@globex.test (a participant of `id` e9) cannot read `body` (from tool:getEmail:e9): its readers are {maya.lind@acme.test, maya@acme.test}';
    expect(reasonSentence(raw, dir, noun)).toBe(
      'nina@globex.test (who takes part in the email “UPDATED bank details” from billing@acme-pay.test) cannot read the message (from the email “UPDATED bank details” from billing@acme-pay.test (not in your contacts)): only maya.lind@acme.test and maya@acme.test may read it.',
    );
    expect(
      reasonSentence(
        'nina@globex.test (a participant of `id` e7) is not one of your addresses, a contact or allowlisted',
        dir,
        noun,
      ),
    ).toBe(
      'nina@globex.test (who takes part in an item no longer in your mailbox or calendar) is not one of your addresses, a contact or allowed by your policy.',
    );
    expect(reasonSentence('`id` depends on x, readable only by {a@b.test, c@d.test and 2 more}', dir, noun)).toBe(
      'Which email to answer depends on x, readable only by a@b.test, c@d.test and 2 more.',
    );
  });
  it('names the item a reason is about by what it is, never by its id', () => {
    const withEvent: Directory = {
      ...dir,
      event: (id) =>
        id === 'ev4'
          ? {
              title: 'Board review',
              organizer: 'tom@acme.test',
              start: '2026-03-19T16:00:00Z',
              end: '2026-03-19T16:30:00Z',
            }
          : undefined,
      timeStyle: { timeZone: 'UTC', locale: 'en-GB' },
    };
    const noun = (path: string) => fieldWords('moveEmail', path).noun;
    const say = (raw: string) => reasonSentence(raw, withEvent, noun);
    // Every phrasing of the gate's that carries an item's id (engine/policy/analysis.ts).
    const raws = [
      '`folder` depends on tool:getEmail:e1, which is not the item acted on (e9)',
      'the control context depends on tool:listEvents:ev4, which is not the item acted on (e9)',
      'every untrusted source is the item acted on (ev4)',
      'the recipients of replyToEmail are unknown: the label of `id` e9 names no readers',
      'the recipients of respondToEvent are unknown: the label of `id` ev4 names only you as a reader',
      'bob@x.test (a participant of `id` ev4) is not one of your addresses, a contact or allowlisted',
      '`to` came from tool:getEmail:e5 and tool:listEvents:ev8',
    ];
    const said = raws.map(say);
    for (const s of said) expect(s).not.toMatch(/\b(e|ev)\d+\b|item acted on|`/);
    expect(said).toEqual([
      'The folder depends on an email no longer in your mailbox, not the email “UPDATED bank details” from billing@acme-pay.test, which it acts on.',
      'The control context depends on the event “Board review” (Thu, 19 Mar 2026, 16:00–16:30) organised by tom@acme.test, not the email “UPDATED bank details” from billing@acme-pay.test, which it acts on.',
      'Every untrusted source is the event “Board review” (Thu, 19 Mar 2026, 16:00–16:30) organised by tom@acme.test, which it acts on.',
      'The recipients of a reply are unknown: the email “UPDATED bank details” from billing@acme-pay.test names no readers.',
      'The recipients of an answer to an invitation are unknown: the event “Board review” (Thu, 19 Mar 2026, 16:00–16:30) organised by tom@acme.test names only you as a reader.',
      'bob@x.test (who takes part in the event “Board review” (Thu, 19 Mar 2026, 16:00–16:30) organised by tom@acme.test) is not one of your addresses, a contact or allowed by your policy.',
      'The recipient came from an email no longer in your mailbox and an event no longer in your calendar.',
    ]);
  });
  it('keeps a subject’s own backticks: only the gate’s paths become words', () => {
    const tricky: Directory = {
      ...dir,
      email: () => ({ subject: 'see `to` now', from: 'x@y.test', fromIsContact: true }),
    };
    expect(reasonSentence('`to` came from tool:getEmail:e1', tricky, (p) => fieldWords('sendEmail', p).noun)).toBe(
      'The recipient came from the email “see `to` now” from x@y.test.',
    );
  });
});

describe('link hosts', () => {
  it('reads hosts past userinfo tricks', () => {
    expect(linkHosts('see https://acme.test@evil.example/path and http://a.b/')).toEqual(['evil.example', 'a.b']);
  });
});

describe('lineage graphs', () => {
  it('draws sources → operations → fields, collapsing listing membership and bounding the size', () => {
    const listed = Array.from({ length: 300 }, (_, i) => `tool:searchEmails:e${i}#listed`);
    const g = lineageGraph(
      [
        {
          path: 'to[0]',
          sources: ['tool:getEmail:e9'],
          untrusted: ['tool:getEmail:e9', ...listed],
          readers: 'public',
          caps: [],
          lineage: { op: 'extract', sources: ['tool:getEmail:e9', ...listed] },
        },
      ],
      (s) => humanizeReason(s, dir),
    );
    expect(g.nodes.length).toBeLessThanOrEqual(60);
    expect(g.nodes.filter((n) => n.kind === 'source').map((n) => n.label)).toEqual([
      'the email “UPDATED bank details” from billing@acme-pay.test (not in your contacts)',
      'which of the 300 emails a search returned',
    ]);
    expect(g.nodes.every((n) => n.untrusted)).toBe(true);
    expect(g.edges).toContainEqual({ from: 'op:to[0]', to: 'field:to[0]' });
    expect(g.nodes.find((n) => n.kind === 'op')).toMatchObject({
      label: 'Reading details out of a text',
      detail: 'extract',
    });
  });

  it('names each step in words, keeping what the engine recorded for the tooltip', () => {
    expect(stepWords('element')).toBe('Picked one item');
    expect(stepWords('find')).toBe('Found the first match');
    expect(stepWords('.id')).toBe('Took its id');
    expect(stepWords('source searchEmails()[0].id')).toBe('A search of your mail: result 1’s id');
    expect(stepWords('source getEmail(e9).body')).toBe('Reading an email: body');
    expect(stepWords('source input.name')).toBe('What the plan was given: name');
    expect(stepWords('===')).toBe('Compared');
    expect(stepWords('padStart')).toBe('Worked it out');
  });

  it('heads a value a tool answered with where it came from, not "Step"', () => {
    expect(stepNode('source searchEmails()[0].id')).toEqual({
      heading: 'From a search of your mail',
      label: 'Result 1’s id',
    });
    expect(stepNode('source getEmail(e9)')).toEqual({ heading: 'From reading an email', label: 'Its answer' });
    expect(stepNode('source input.name')).toEqual({ heading: 'From what the plan was given', label: 'Name' });
    expect(stepNode('find')).toEqual({ heading: 'Step', label: 'Found the first match' });
    const g = lineageGraph(
      [
        {
          path: 'to[0]',
          sources: [],
          untrusted: [],
          readers: 'public',
          caps: [],
          lineage: { op: 'source searchContacts()[0].email' },
        },
      ],
      (s) => s,
    );
    expect(g.nodes.find((n) => n.kind === 'op')).toMatchObject({
      heading: 'From a search of your contacts',
      label: 'Result 1’s email',
      detail: 'source searchContacts()[0].email',
    });
  });
});
