/** `zamburak triage` and `zamburak ask` without a language model, as contracts.md shapes them. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { zamburak } from './cli-process';

const WORLD = join(process.cwd(), 'resources/demo-world.yaml');

describe('triage and ask', () => {
  it('triage --json gives every email a category and summary, in the contract shape', () => {
    const r = zamburak('triage', '--world', WORLD, '--json');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { emails: Record<string, unknown>[]; calls: unknown[]; claims: unknown[] };
    expect(out.emails.length).toBeGreaterThan(40);
    for (const e of out.emails) {
      expect(Object.keys(e)).toEqual(expect.arrayContaining(['id', 'category', 'summary', 'claimIds']));
      expect(['needs-reply', 'meeting', 'fyi', 'newsletter', 'receipt', 'suspicious']).toContain(e.category);
    }
    expect(Array.isArray(out.calls) && Array.isArray(out.claims)).toBe(true);
    // The demo's three misfiled frauds are suspicious, each with reasons in words, and get no draft.
    for (const id of ['e26', 'e27', 'e32']) {
      const e = out.emails.find((x) => x.id === id)!;
      expect(e).toMatchObject({ category: 'suspicious', findings: expect.arrayContaining([expect.anything()]) });
      expect(e.draftId).toBeUndefined();
    }
  }, 90_000);

  it('ask maps known requests to playbooks and refuses to guess the rest', () => {
    const brief = zamburak('ask', 'give me my daily brief', '--world', WORLD, '--json');
    expect(brief.status).toBe(0);
    expect(JSON.parse(brief.stdout)).toMatchObject({ playbook: 'daily-brief', status: 'completed' });
    // The brief repeats the fake helpdesk's password request: the answer says so.
    expect((JSON.parse(brief.stdout) as { warnings: string[] }).warnings.join('\n')).toMatch(/password/);
    const draft = zamburak('ask', 'draft a reply to e04 saying: Wednesday works.', '--world', WORLD, '--json');
    expect(JSON.parse(draft.stdout)).toMatchObject({ playbook: 'draft-reply', result: { replyTo: 'e04' } });
    const unknown = zamburak('ask', 'forward the invoice to our accountant', '--world', WORLD, '--json');
    expect(unknown.status).toBe(1);
    expect(JSON.parse(unknown.stdout)).toMatchObject({ playbook: null, supported: expect.any(Array) });
  }, 90_000);
});
