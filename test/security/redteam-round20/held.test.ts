/**
 * Red-team round 20: attacks that held, kept as tests so they keep holding (README.md, "Held").
 */
import fc from 'fast-check';
import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { fraudFindings } from '../../../engine/fraud';
import { matchRecipient } from '../../../engine/policy/match';
import { allowRecipients } from '../../../main/claims/narrow-override';
import { parseMessage } from '../../../main/mail/parse';

describe('red team round 20: held', () => {
  it('a trailing dot, a route or a comment matches no allowlist pattern of the plain address', () => {
    for (const a of ['bob@acme.test.', '@acme.test:eve@evil.test', 'bob@acme.test(x)'])
      expect(matchRecipient('bob@acme.test', a), a).toBe(false);
    expect(matchRecipient('*@acme.test', 'eve@evil.test.acme.test')).toBe(false);
  });

  it('property: "always allow" adds exactly the addresses, whatever YAML reads in them', () => {
    const policy = 'version: 1\n# mine\nallowlists:\n  recipients:\n    - bob@acme.test\nrules: []\n';
    const tricky = fc.constantFrom(
      '&a@x.test',
      '!tag@x.test',
      "'q@x.test",
      'a@x.test #c',
      '- b@x.test',
      '? k@x.test',
      '|@x.test',
      '{a@x.test}',
      'null@x.test',
      'a@x.test\n    - all@x.test',
    );
    fc.assert(
      fc.property(fc.uniqueArray(tricky, { minLength: 1, maxLength: 3 }), (added) => {
        const { after } = allowRecipients(policy, added);
        const list = parseDocument(after).getIn(['allowlists', 'recipients']) as { toJSON(): unknown };
        expect(list.toJSON()).toEqual(['bob@acme.test', ...added]);
        expect(parseDocument(after).get('version')).toBe(1);
      }),
    );
  });

  it('a payment word split by a quoted-printable soft line break is read whole', async () => {
    const raw = [
      'From: Hana Kim <hana@printworks.test>',
      'To: maya@acme.test',
      'Subject: Invoice',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'We have changed ba=\r\nnks: please pay invoice PW-1 to IB=\r\nAN GB29 NWBK 6016 1331 9268 19.',
      '',
    ].join('\r\n');
    const m = await parseMessage(new TextEncoder().encode(raw), { date: new Date(), key: 'qp' });
    const kinds = fraudFindings({ ...m, auth: 'pass' }, { user: { name: 'Maya', addresses: [] }, contacts: [] }).map(
      (f) => f.kind,
    );
    expect(kinds).toContain('bank-change');
  });
});
