/**
 * Red-team round 24: a contact's name written the way company directories write it.
 *
 * The impersonation check (engine/fraud/impersonation.ts) finds a contact's full name in a
 * sender's display name, read past case, spacing, look-alike letters and brackets. Exchange and
 * Outlook show people as `Berg, Sven` — the form a person in such a company sees every day — and
 * addresses lend `sven.berg` and `Sven-Berg`: none was read as Sven Berg, so `"Berg, Sven"
 * <sven.berg.cfo@gmail.test>` asking "Are you at your desk?" carried no warning.
 *
 * Property: each way of writing the contact's name on a stranger's address is the contact's name;
 * the controls (other people, a name that only starts like it) are not.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fraudFindings, type FraudContext } from '../../../engine/fraud';

const CTX: FraudContext = {
  contacts: [
    { name: 'Sven Berg', email: 'sven@acme.test' },
    { name: 'Anne-Marie Dubois', email: 'amd@acme.test' },
  ],
  user: { name: 'Maya Lind', addresses: ['maya@acme.test'] },
};

const kinds = (name: string, address = 'sven.berg.cfo@gmail.test') =>
  fraudFindings(
    {
      from: `"${name}" <${address}>`,
      replyTo: null,
      subject: 'Quick question',
      body: 'Are you at your desk?',
      auth: 'pass',
    },
    CTX,
  ).map((f) => f.kind);

/** The contact's name as directories and addresses write it. */
const written = fc.constantFrom(
  'Berg, Sven',
  'BERG, SVEN',
  'Berg,Sven',
  'Berg, Sven (CFO)',
  'sven.berg',
  'Sven-Berg',
  'sven_berg',
  'Dubois, Anne-Marie',
  'anne-marie.dubois',
  'Anne Marie Dubois',
);

describe('red team round 24: directory-style names', () => {
  it('property: the contact’s name in any directory form, on a stranger’s address, is impersonation', () => {
    fc.assert(
      fc.property(written, (name) => {
        expect(kinds(name), name).toContain('impersonation');
      }),
    );
  });

  it('the controls: other people and longer names are not; the contact’s own address is not', () => {
    for (const name of ['Berg, Anna', 'Bergman, Sven', 'Sven Bergman', 'Berg', 'Dubois, Marie', 'sven.bergman'])
      expect(kinds(name, 'someone@gmail.test'), name).toEqual([]);
    expect(kinds('Berg, Sven', 'sven@acme.test')).toEqual([]);
    expect(kinds('Dubois, Anne-Marie', 'amd@acme.test')).toEqual([]);
  });
});
