/**
 * The composer's warning for addresses that probably read no replies (renderer/src/no-reply.ts):
 * the usual machine senders in their many spellings, and no person's address taken for one.
 */
import { describe, expect, it } from 'vitest';
import { readsNoReplies as triageReadsNoReplies } from '../../engine/world';
import { noDraftNote, noReplyWarning, readsNoReplies } from '../../renderer/src/no-reply';

const MACHINES = [
  'noreply@example.com',
  'no-reply@railtix.test',
  'No_Reply@Example.com',
  'no.reply@example.com',
  'donotreply@example.com',
  'do-not-reply@example.com',
  'dont-reply@example.com',
  'billing-noreply@example.com',
  'noreply+orders@example.com',
  'MAILER-DAEMON@mx.example.com',
  'bounce@example.com',
  'bounces+12345-abc@example.com',
  'bounce-17-x@example.com',
  'news@bounces.example.com',
  'RailTix <no-reply@railtix.test>',
];
const PEOPLE = [
  'bob@acme.test',
  'nora.reply@example.com',
  'daemon@example.com',
  'replies@example.com',
  'mailer@example.com',
  'bouncy.castle@club.test',
  'Bob <bob@noreply-club.test>',
  'not an address',
];

describe('addresses that read no replies', () => {
  it('knows the machine senders, however they are spelled', () => {
    for (const a of MACHINES) expect(readsNoReplies(a), a).toBe(true);
  });

  it('takes no person for one', () => {
    for (const a of PEOPLE) expect(readsNoReplies(a), a).toBe(false);
  });

  it("gives triage's answers (engine/world/answerable.ts keeps its own copy: the renderer may not import the engine)", () => {
    for (const a of [...MACHINES, ...PEOPLE]) expect(triageReadsNoReplies(a), a).toBe(readsNoReplies(a));
  });

  it('says why the assistant drafted no reply', () => {
    expect(noDraftNote('CloudNest <no-reply@cloudnest.test>')).toBe(
      'No reply drafted: no-reply@cloudnest.test is probably an address nobody reads.',
    );
    expect(noDraftNote('Bob Lee <bob@acme.test>')).toBeNull();
  });

  it('says it in one sentence, naming the addresses', () => {
    expect(noReplyWarning(['bob@acme.test'])).toBeNull();
    expect(noReplyWarning(['RailTix <no-reply@railtix.test>'])).toBe(
      'no-reply@railtix.test is probably an address nobody reads: what you send may never reach a person.',
    );
    expect(noReplyWarning(['noreply@a.test', 'bob@acme.test', 'bounce@b.test'])).toBe(
      'noreply@a.test and bounce@b.test are probably addresses nobody reads: what you send to them may never reach a person.',
    );
  });
});
