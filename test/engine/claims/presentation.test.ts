// How claims and messages are put into words and pictures: reasons, warnings, lineage graphs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { humanizeReason, reasonSentence, type Directory } from '../../../engine/claims/explain';
import { fieldWords } from '../../../engine/claims/field-words';
import { lineageGraph } from '../../../engine/claims/lineage-graph';
import { ordinal, stepNode, stepWords } from '../../../engine/claims/step-words';
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
      'Read the email “UPDATED bank details” from billing@acme-pay.test (not in your contacts)',
      'Depends on which of the 300 emails a search returned',
    ]);
    expect(g.nodes.every((n) => n.untrusted)).toBe(true);
    expect(g.edges).toContainEqual({ from: 'op:to[0]', to: 'field:to[0]' });
    expect(g.nodes.find((n) => n.kind === 'op')).toMatchObject({
      label: 'Reading details out of a text',
      detail: 'extract',
    });
  });

  it('says each step as what happened, from the recorded step alone', () => {
    expect(stepWords('element')).toBe('Picked one from the list');
    expect(stepWords('find')).toBe('Found the first match');
    expect(stepWords('.id')).toBe('Noted which one it is');
    expect(stepWords('.from')).toBe('Took its sender’s address');
    expect(stepWords('.invoiceNumber')).toBe('Took its invoice number');
    expect(stepWords('source searchEmails()[0].id')).toBe('Picked the 1st email the search found');
    expect(stepWords('source searchEmails()[1].from')).toBe(
      'Took the sender’s address of the 2nd email the search found',
    );
    expect(stepWords('source listEvents()[2].start')).toBe('Took the start time of the 3rd event in your calendar');
    expect(stepWords('source searchContacts()[11].email')).toBe(
      'Took the address of the 12th contact the contact search found',
    );
    expect(stepWords('source getEmail(e9).body')).toBe('Took the text from the email it read');
    expect(stepWords('source extract().attendees[1]')).toBe('Read the 2nd of the attendees out of the text');
    expect(stepWords('source extract().amount')).toBe('Read the amount out of the text');
    expect(stepWords('source input.name')).toBe('Took the name from your request');
    expect(stepWords('toISOString')).toBe('Worked out a date or time');
    expect(stepWords('===')).toBe('Compared');
    expect(stepWords('padStart')).toBe('Worked it out');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
      '111th',
    ]);
    expect(stepNode('find')).toEqual({ heading: 'Step', label: 'Found the first match' });
  });

  it('never says an id, a position as “result N”, call syntax or a key as code, whatever was recorded', () => {
    const tool = fc.constantFrom(
      'searchEmails',
      'listEmails',
      'listEvents',
      'getEmail',
      'searchContacts',
      'extract',
      'getFreeBusy',
      'input',
      'me',
      'unknownTool',
    );
    const key = fc.constantFrom(
      'id',
      'from',
      'subject',
      'body',
      'to',
      'start',
      'attendees',
      'invoiceNumber',
      'cc_email',
      'threadId',
    );
    const part = fc.oneof(
      fc.nat(40).map((i) => `[${i}]`),
      key.map((k) => `.${k}`),
    );
    const op = fc.oneof(
      fc
        .tuple(tool, fc.constantFrom('', 'e27', 'ev14', 'm1'), fc.array(part, { maxLength: 4 }))
        .map(([t, item, parts]) => `source ${t}${t === 'input' ? '' : `(${item})`}${parts.join('')}`),
      key.map((k) => `.${k}`),
      fc.constantFrom('element', '[i]', 'find', 'template', '+', 'toISOString', 'padStart'),
    );
    fc.assert(
      fc.property(op, (o) => {
        const words = stepWords(o);
        expect(words, o).toMatch(/^[A-Z][a-z]/);
        // No item id (e27, ev14), no "result 1", no call or index syntax, no camelCase key.
        expect(words, o).not.toMatch(/\b(e|ev|m)\d+\b|[()[\]{}_]|\.[a-z]|[a-z][A-Z]|\bid\b|\b[Rr]esults? \d/);
        // Correct English: no doubled possessive, no "1th", no empty "the  ".
        expect(words, o).not.toMatch(/s’s\b|’s’s|\b(1|2|3)th\b|\s{2}|\s$/);
      }),
    );
  });

  it('says a source node as what was read, naming the email, never its id', () => {
    const g = lineageGraph(
      [
        {
          path: 'to[0]',
          sources: ['tool:searchEmails:e9'],
          untrusted: ['tool:searchEmails:e9', 'tool:searchEmails:e1#listed', 'tool:searchEmails:e9#listed'],
          readers: 'public',
          caps: [],
          lineage: {
            op: '.from',
            from: [
              { op: 'source searchEmails()[0].from', sources: ['tool:searchEmails:e9'] },
              { op: 'element', sources: ['tool:searchEmails:e1#listed', 'tool:searchEmails:e9#listed'] },
            ],
          },
        },
        {
          path: 'subject',
          sources: ['plan'],
          untrusted: [],
          readers: 'public',
          caps: [],
          lineage: { op: 'template', sources: ['plan'] },
        },
      ],
      (s) => (s === 'plan' ? 'the assistant’s plan' : humanizeReason(s, dir)),
    );
    const labels = g.nodes.filter((n) => n.kind !== 'field').map((n) => n.label);
    expect(labels).toEqual([
      'Took its sender’s address',
      'Took the sender’s address of the 1st email the search found',
      'Read the email “UPDATED bank details” from billing@acme-pay.test (not in your contacts)',
      'Picked one from the list',
      'Depends on which of the 2 emails a search returned',
      'Put text together',
      'The assistant’s plan',
    ]);
    for (const l of labels) expect(l).not.toMatch(/\be\d+\b|tool:|#listed/);
  });
});
