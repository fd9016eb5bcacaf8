import { describe, it, expect } from 'vitest';
import { safeGate, type Gate, type GateCall } from '../../../engine/gate/types';
import {
  evaluatePolicy,
  loadPolicy,
  matchRecipient,
  matchUrl,
  parseAddress,
  policyGate,
  presetPolicy,
  withAllowlists,
  type Policy,
} from '../../../engine/policy';
import { arr, call, ctx, fromEmail, lab, lit, val, ATTACKER, CONTACT, USER } from './helpers';

const policyOf = (yaml: string): Policy => {
  const r = loadPolicy(yaml);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.policy;
};
const def = presetPolicy('default');
const gate = policyGate(def);
const email = { subject: lit('Hi'), body: lit('Hello') };

describe('policyGate', () => {
  it('is deterministic: same call, same decision (and reasons), every time', () => {
    const calls: GateCall[] = [
      call('sendEmail', { ...email, to: fromEmail('m1', [ATTACKER], []) }, { context: ctx('tool:getEmail:m1') }),
      call('archiveEmail', { id: fromEmail('e1', 'e1', []) }, { context: ctx('tool:listEmails:e3') }),
      call('replyToEmail', { id: fromEmail('e1', 'e1', [CONTACT]), body: lit('ok') }),
    ];
    const once = calls.map((c) => gate(c));
    for (let i = 0; i < 5; i++) expect(calls.map((c) => policyGate(def)(c))).toEqual(once);
  });

  it('fails closed: safeGate denies when a gate throws, and policyGate never throws', () => {
    const throwing: Gate = () => {
      throw new Error('boom');
    };
    expect(safeGate(throwing)(call('getEmail', { id: lit('e1') }))).toEqual({
      decision: 'deny',
      rule: 'gate/error',
      reasons: ['the gate failed: boom'],
    });
    const broken = { ...call('sendEmail', email), args: null } as unknown as GateCall;
    expect(gate(broken)).toMatchObject({ decision: 'deny', rule: 'gate/error' });
  });

  it('denies with policy/no-match when no rule matches', () => {
    const d = policyGate(policyOf('version: 1\nname: empty\n'))(call('getEmail', { id: lit('e1') }));
    expect(d.decision).toBe('deny');
    expect(d.rule).toBe('policy/no-match');
    expect(d.reasons[0]).toContain('no rule of policy "empty" matches');
  });

  it('treats an unknown egress tool as having unknown recipients', () => {
    const d = gate(call('postToChat', { text: lit('hi') }, { kind: 'egress' }));
    expect(d).toMatchObject({ decision: 'confirm', rule: 'egress/untrusted-recipient' });
    expect(d.reasons.join('\n')).toContain('the recipients of postToChat are unknown');
    const secret = gate(
      call('postToChat', { text: val('pw', { sources: ['tool:getEmail:e1'], caps: ['SECRET'] }) }, { kind: 'egress' }),
    );
    expect(secret.rule).toBe('egress/secret');
  });

  it('uses recipientArgs for other tools', () => {
    const p = policyOf('version: 1\nextends: default\nrecipientArgs: { postToChat: [channel] }\n');
    const d = policyGate(p)(call('postToChat', { channel: lit(CONTACT), text: lit('hi') }, { kind: 'egress' }));
    expect(d.rule).toBe('egress/trusted');
  });
});

describe('recipients', () => {
  it('parses display names, case and comma-separated lists', () => {
    expect(parseAddress('Bob Lee <Bob@Acme.TEST>')).toBe('bob@acme.test');
    expect(parseAddress('not an address')).toBeNull();
    expect(gate(call('sendEmail', { ...email, to: lit('Bob <BOB@acme.test>, alex@acme.test') })).rule).toBe(
      'egress/trusted',
    );
    const d = gate(call('sendEmail', { ...email, to: lit(['bob@acme.test', 'nobody']) }));
    expect(d.decision).toBe('confirm');
    expect(d.reasons).toContain('`to[1]` ("nobody") is not an email address');
  });

  it('trusts verified and allowlisted addresses from untrusted sources, and checks cc too', () => {
    const verified = val('carol@partner.test', {
      sources: ['tool:getEmail:e1', 'sanitizer:verifyEmailAddress'],
      verified: 'EmailAddress',
    });
    // The recipients are trusted (no egress/untrusted-recipient), but an email chose them, so
    // the send is not yours alone: it asks (egress/untrusted-data), naming the email.
    const chosen = gate(call('sendEmail', { ...email, to: arr([verified]) }));
    expect(chosen.rule).toBe('egress/untrusted-data');
    expect(chosen.reasons).toContain('`to[0]` came from tool:getEmail:e1, which is untrusted');
    const p = withAllowlists(def, { recipients: ['*@partner.test'] });
    const fromMail = fromEmail('e1', ['carol@partner.test'], []);
    expect(policyGate(p)(call('sendEmail', { ...email, to: fromMail })).rule).toBe('egress/untrusted-data');
    expect(policyGate(p)(call('sendEmail', { ...email, to: lit(['carol@partner.test']) })).rule).toBe('egress/trusted');
    expect(gate(call('sendEmail', { ...email, to: fromMail })).rule).toBe('egress/untrusted-recipient');
    expect(gate(call('sendEmail', { ...email, to: lit([CONTACT]), cc: fromEmail('m1', [ATTACKER], []) })).rule).toBe(
      'egress/untrusted-recipient',
    );
  });

  it('a recipient list built under untrusted control is untrusted (structure label)', () => {
    const to = arr([val('carol@other.test')], { sources: ['tool:getEmail:m1'] });
    const d = gate(call('sendEmail', { ...email, to }));
    expect(d.rule).toBe('egress/untrusted-recipient');
    expect(d.reasons).toContain('`to[0]` (carol@other.test) came from tool:getEmail:m1, which is untrusted');
  });

  it('replyToEmail: the participants of the email (readers of `id`), or the host-resolved recipients', () => {
    const id = fromEmail('e1', 'e1', ['carol@other.test']);
    const body = fromEmail('e1', 'quoted', ['carol@other.test']);
    const d = gate(call('replyToEmail', { id, body }));
    expect(d.rule).toBe('egress/untrusted-recipient');
    expect(d.reasons).toContain(
      'carol@other.test (a participant of `id` e1) is not one of your addresses, a contact or allowlisted',
    );
    // The host knows the reply goes to a contact only. The email replied to is untrusted: the
    // reply runs on its own only when that contact sent it (authenticated), else it asks.
    const resolved = policyGate(def, { recipientsOf: () => [CONTACT] });
    expect(resolved(call('replyToEmail', { id, body: lit('ok') })).rule).toBe('egress/untrusted-data');
    const theirs = policyGate(def, { recipientsOf: () => [CONTACT], authorOf: () => CONTACT });
    expect(theirs(call('replyToEmail', { id, body: lit('ok') })).rule).toBe('egress/decided-by-recipients');
    const d2 = resolved(call('replyToEmail', { id, body }));
    expect(d2.rule).toBe('egress/untrusted-data');
    expect(d2.reasons).toContain(
      'bob@acme.test (a participant of `id` e1) cannot read `body` (from tool:getEmail:e1): its readers are {alex@acme.test, carol@other.test}',
    );
  });

  it('replyToEmail with an id whose label names no other reader has unknown recipients', () => {
    const typed = gate(call('replyToEmail', { id: lit('e1'), body: lit('ok') }));
    expect(typed.rule).toBe('egress/untrusted-recipient');
    expect(typed.reasons.join('\n')).toContain('the label of `id` e1 names no readers');
    // Narrowed to the user alone: the real participants are hidden, so never "only the user".
    const narrowed = val('e1', { sources: ['tool:listEmails:e1'], readers: [USER] });
    const secret = fromEmail('e9', 'pw', [], ['SECRET']);
    expect(gate(call('replyToEmail', { id: narrowed, body: secret })).rule).toBe('egress/secret');
    expect(gate(call('replyToEmail', { id: narrowed, body: fromEmail('e9', 'x', []) })).decision).toBe('confirm');
  });

  it('your own addresses read everything; unknown recipients read only public data', () => {
    const mine = fromEmail('e2', 'private', []); // readers: the user only
    expect(gate(call('sendEmail', { ...email, to: lit([USER]), body: mine })).rule).toBe('egress/to-self');
    const d = gate(call('sendEmail', { ...email, to: lit([USER, CONTACT]), body: mine }));
    expect(d.rule).toBe('egress/untrusted-data');
    expect(d.reasons).toContain(
      '`to[1]` (bob@acme.test) cannot read `body` (from tool:getEmail:e2): its readers are {alex@acme.test}',
    );
  });
});

describe('self-scoping', () => {
  const organize = (args: Record<string, ReturnType<typeof lit>>, context = lab()) =>
    gate(call('labelEmail', args, { context }));

  it('accepts sources naming the item through any listing tool', () => {
    const id = val('e1', { sources: ['tool:listEmails:e1', 'tool:searchEmails:e1'] });
    expect(organize({ id, label: val('x', { sources: ['tool:getEmail:e1'] }) }, ctx('tool:searchEmails:e1')).rule).toBe(
      'organize/self-scoped',
    );
  });

  it('names every foreign source, in the arguments and the context', () => {
    const d = organize(
      { id: fromEmail('e1', 'e1', []), label: fromEmail('e2', 'urgent', []) },
      ctx('tool:listEmails:e3'),
    );
    expect(d.rule).toBe('organize/review');
    expect(d.reasons).toEqual(
      expect.arrayContaining([
        '`label` depends on tool:getEmail:e2, which is not the item acted on (e1)',
        'the control context depends on tool:listEmails:e3, which is not the item acted on (e1)',
      ]),
    );
  });

  it('an untrusted source without an item id is never self-scoped', () => {
    expect(organize({ id: lit('e1') }, ctx('tool:summarize')).rule).toBe('organize/review');
    expect(organize({ id: lit('e11') }, ctx('tool:listEmails:e1')).rule).toBe('organize/review');
  });
});

describe('bulk egress', () => {
  const p = policyOf(
    'version: 1\nextends: default\nsettings: { bulkEgress: { maxUntrustedItems: 2, maxPiiFindings: 2 } }\n',
  );
  const g = policyGate(p);
  const body = (ids: string[], caps: string[] = []) =>
    val('x', { sources: ids.map((i) => `tool:getEmail:${i}`), readers: 'public', caps });

  it('counts distinct untrusted sources of the data', () => {
    // within the limit: not bulk (the untrusted data still asks, for its own reason)
    expect(g(call('sendEmail', { ...email, to: lit([CONTACT]), body: body(['a', 'b']) })).rule).toBe(
      'egress/untrusted-data',
    );
    const d = g(call('sendEmail', { ...email, to: lit([CONTACT]), body: body(['a', 'b', 'c']) }));
    expect(d.rule).toBe('egress/bulk');
    expect(d.reasons).toContain(
      'the data sent joins 3 untrusted sources (more than 2): tool:getEmail:a, tool:getEmail:b, tool:getEmail:c',
    );
  });

  it('counts PII findings as distinct (PII cap, source) pairs over the data leaves', () => {
    // one leaf, one source, two PII caps → 2 findings: within the limit
    expect(
      g(call('sendEmail', { ...email, to: lit([CONTACT]), body: body(['a'], ['PII_PHONE', 'PII_IBAN']) })).rule,
    ).toBe('egress/untrusted-data');
    // the same caps in another leaf from another item → 4 findings
    const d = g(
      call('sendEmail', {
        to: lit([CONTACT]),
        subject: body(['b'], ['PII_PHONE', 'PII_IBAN']),
        body: body(['a'], ['PII_PHONE', 'PII_IBAN']),
      }),
    );
    expect(d.rule).toBe('egress/bulk');
    expect(d.reasons.join('\n')).toContain('4 PII findings (more than 2)');
    // to yourself is never bulk egress
    expect(g(call('sendEmail', { ...email, to: lit([USER]), body: body(['a', 'b', 'c'], ['PII_SSN']) })).rule).toBe(
      'egress/to-self',
    );
  });
});

describe('conditions', () => {
  const one = (when: string, c: GateCall) => {
    const p = policyOf(`version: 1\nrules:\n  - id: r\n    decision: allow\n    when: ${when}\n`);
    return evaluatePolicy(p, c).rule === 'r';
  };
  const c = call('sendEmail', {
    to: lit([CONTACT]),
    subject: fromEmail('e1', 'x', [CONTACT], ['PII_PHONE']),
    body: lit('y'),
  });

  it('args, data, caps patterns, any/all/not', () => {
    expect(one('{ args: { fields: [subject], capsAny: ["PII_*"] } }', c)).toBe(true);
    expect(one('{ args: { fields: [body], capsAny: ["PII_*"] } }', c)).toBe(false);
    expect(one('{ data: { trusted: false } }', c)).toBe(true);
    expect(one('{ args: { fields: [to, body], trusted: true } }', c)).toBe(true);
    expect(one('{ not: { data: { capsAny: [SECRET] } } }', c)).toBe(true);
    expect(one('{ any: [ { data: { capsAny: [SECRET] } }, { recipients: { countOver: 0 } } ] }', c)).toBe(true);
    expect(one('{ all: [ { data: { capsAny: [SECRET] } }, { recipients: { countOver: 0 } } ] }', c)).toBe(false);
    expect(one('{ recipients: { allAllowlisted: true } }', c)).toBe(false);
    expect(one('{ args: { fields: [to], verified: EmailAddress } }', c)).toBe(false);
    expect(
      one(
        '{ context: { capsAny: [SECRET] } }',
        call('log', {}, { context: lab({ sources: ['tool:getEmail:e1'], caps: ['SECRET'] }) }),
      ),
    ).toBe(true);
    expect(one('{ bulk: { piiFindingsOver: 0 } }', c)).toBe(true);
    expect(one('{ deleteEnabled: true }', c)).toBe(false);
  });
});

describe('matchers', () => {
  it('recipient patterns', () => {
    expect(matchRecipient('*@acme.test', 'Bob@ACME.test')).toBe(true);
    expect(matchRecipient('*@acme.test', 'bob@evil-acme.test')).toBe(false);
    expect(matchRecipient('*@acme.test', 'bob@acme.test.evil')).toBe(false);
    expect(matchRecipient('bob@*.partner.test', 'bob@eu.partner.test')).toBe(true);
  });
  it('url patterns', () => {
    expect(matchUrl('https://*.acme.test', 'https://docs.acme.test/x')).toBe(true);
    expect(matchUrl('https://*.acme.test', 'https://acme.test/x')).toBe(false);
    expect(matchUrl('https://*.acme.test', 'http://docs.acme.test/')).toBe(false);
    expect(matchUrl('https://*.acme.test', 'https://docs.acme.test.evil.test/')).toBe(false);
    expect(matchUrl('https://acme.test/guides', 'https://acme.test/guides/a')).toBe(true);
    expect(matchUrl('https://acme.test/guides', 'https://acme.test/guidesX')).toBe(false);
    expect(matchUrl('https://acme.test', 'https://user:pw@acme.test/')).toBe(false);
  });
});

describe('reasons when there are many', () => {
  it('keeps one sentence for every field, however many cc entries come first', () => {
    const cc = arr(Array.from({ length: 20 }, (_, i) => fromEmail('m1', `p${i}@attacker.test`, [])));
    const d = gate(
      call('sendEmail', {
        to: fromEmail('m1', [ATTACKER], []),
        cc,
        subject: fromEmail('m2', 'Invoice', ['carol@vendor.test']),
        body: fromEmail('m2', 'Pay now', ['carol@vendor.test']),
      }),
    );
    expect(d.decision).not.toBe('allow');
    const fields = new Set(d.reasons.map((r) => /^`([^`[.]+)/.exec(r)?.[1]).filter(Boolean));
    for (const f of ['to', 'cc', 'subject', 'body']) expect(fields, d.reasons.join('\n')).toContain(f);
    expect(d.reasons.at(-1)).toMatch(/^and \d+ more reasons?$/);
  });
});
