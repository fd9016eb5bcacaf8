/**
 * "Always allow" edits the policy as text: only the new addresses appear in the diff, comments
 * and formatting stay, and the result parses to exactly the old list plus the new addresses.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { allowRecipients } from '../../../main/claims/narrow-override';

const DEFAULT = readFileSync(join(process.cwd(), 'policies/default.yaml'), 'utf8');
const added = (before: string, after: string) => {
  const a = before.split('\n');
  const b = after.split('\n');
  return { removed: a.filter((l) => !b.includes(l)), added: b.filter((l) => !a.includes(l)) };
};

describe('the narrow always-allow change', () => {
  it('adds an allowlist to a policy that has none, before its settings, and nothing else', () => {
    const { after, added: list } = allowRecipients(DEFAULT, ['notice@esign-docs.test']);
    expect(list).toEqual(['notice@esign-docs.test']);
    expect(added(DEFAULT, after)).toEqual({
      removed: [],
      added: ['allowlists:', '  recipients:', '    - notice@esign-docs.test'],
    });
    expect(parse(after).allowlists).toEqual({ recipients: ['notice@esign-docs.test'] });
    expect(after.indexOf('allowlists:')).toBeLessThan(after.indexOf('settings:'));
  });

  it('appends to an existing block list with its indentation, keeping comments', () => {
    const yaml =
      'version: 1\nallowlists:\n  # partners we trust\n  recipients:\n    - a@one.test # first\n    - b@two.test\nrules: []\n';
    const { after } = allowRecipients(yaml, ['b@two.test', 'c@three.test']);
    expect(after).toBe(
      'version: 1\nallowlists:\n  # partners we trust\n  recipients:\n    - a@one.test # first\n    - b@two.test\n    - c@three.test\nrules: []\n',
    );
  });

  it('rewrites a flow list when it cannot be edited in place, and says the same thing', () => {
    const yaml = 'version: 1\nallowlists: { recipients: [a@one.test] }\nrules: []\n';
    const { after, added: list } = allowRecipients(yaml, ['c@three.test']);
    expect(list).toEqual(['c@three.test']);
    expect(parse(after).allowlists.recipients).toEqual(['a@one.test', 'c@three.test']);
  });

  it('changes nothing when every address is already allowed', () => {
    const yaml = 'allowlists:\n  recipients:\n    - a@one.test\n';
    expect(allowRecipients(yaml, ['a@one.test'])).toEqual({ after: yaml, added: [] });
  });
});

describe('addresses an allowlist would read as a pattern', () => {
  // An allowlist reads `*` as any run of letters (engine/policy/match.ts); `a*b@own.test` is a
  // valid address (RFC 5322), and trusting it must not trust `aXb@own.test` as well.
  it('refuses to always allow an address holding `*`, naming it', () => {
    expect(() => allowRecipients('version: 1\nrules: []\n', ['bob@acme.test', 'a*b@own.test'])).toThrow(
      /a\*b@own\.test.*\*/,
    );
  });
});
