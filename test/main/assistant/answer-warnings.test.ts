/**
 * Over a profile, the parts of an answer get their warnings from the emails named in their label:
 * the demo account's mail has no verdict from a trusted server, so a link it repeats is marked.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { answerWarningsOf } from '../../../main/assistant/fraud';
import { openProfile } from '../../../main/profile/profile';

describe('answer warnings over a profile', () => {
  it("marks the phishing link repeated from the fake helpdesk's email, and nothing from your own data", () => {
    const p = openProfile(join(mkdtempSync(join(tmpdir(), 'zamburak-answer-')), 'p'));
    try {
      const warn = answerWarningsOf(p, p.primaryAccount());
      const w = warn('Confirm your password at http://acme-login.test/reset?u=maya', ['tool:getEmail:e29']);
      expect(w.join('\n')).toMatch(/The link to acme-login\.test comes from mail by it-support@acme-helpdesk\.test/);
      expect(w.join('\n')).toMatch(/password/);
      expect(warn('http://acme-login.test/reset', [])).toEqual([]);
    } finally {
      p.close();
    }
  });
});
