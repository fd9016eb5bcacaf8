/**
 * The Audit screen's sentences: every tool a plan may call and every way a run ends reads as
 * English, and the firewall's findings are named by what they are, not by their internal caps.
 */
import { describe, expect, it } from 'vitest';
import type { Json } from '../../../engine/ifc/labeled-value';
import { WORLD_TOOL_NAMES } from '../../../engine/world/tools';
import { auditSentence } from '../../../main/app/audit-words';

const entry = (kind: string, data: Json, tool: string | null = null, decision = 'allow', rule = 'read/allow') => ({
  seq: 1,
  at: '2026-11-27T10:00:00.000Z',
  kind,
  runId: 'r1',
  tool,
  decision,
  rule,
  sources: [],
  data,
});
const say = (kind: string, data: Json, tool: string | null = null): string =>
  auditSentence(entry(kind, data, tool), () => null);

describe('audit sentences', () => {
  it('names every tool in words, never by its code name', () => {
    for (const tool of WORLD_TOOL_NAMES) {
      const s = say('call.decided', {}, tool);
      expect(s, tool).not.toContain(tool);
      expect(s).toMatch(/^Allowed [a-z]/);
    }
  });

  it('names the policy rule, in words, only when it asked or refused', () => {
    expect(say('call.decided', {}, 'searchEmails')).toBe('Allowed a search of your mail.');
    const asked = entry('call.decided', {}, 'sendEmail', 'confirm', 'egress/untrusted-recipient');
    expect(auditSentence(asked, () => null)).toBe(
      'Asked you about sending an email (policy rule: a recipient that an email chose).',
    );
    const refused = entry('call.decided', {}, 'forwardEmail', 'deny', 'egress/secret');
    expect(auditSentence(refused, () => null)).toBe(
      'Refused forwarding an email (policy rule: passwords, codes and keys sent to others).',
    );
    const claim = entry('claim.created', {}, 'sendEmail', 'confirm', 'egress/untrusted-context');
    expect(auditSentence(claim, () => null)).toBe(
      'The assistant asked you: sending an email (policy rule: sending that an email asked for).',
    );
  });

  it('says how a run ended and how many questions it asked', () => {
    expect(say('run.finished', { status: 'completed', claims: 0 })).toBe(
      'The assistant finished and asked you nothing.',
    );
    expect(say('run.finished', { status: 'failed', claims: 1 })).toBe(
      'The assistant could not finish and asked you 1 question.',
    );
    expect(say('run.finished', { status: 'limit', claims: 2 })).toBe(
      'The assistant was stopped at a limit and asked you 2 questions.',
    );
  });

  it('says what the assistant started, and on which account, without "run" or "plan"', () => {
    expect(say('run.started', { kind: 'triage', account: 'demo' })).toBe(
      'The assistant started sorting new mail on the demo account.',
    );
    expect(say('run.started', { kind: 'plan', account: 'work' })).toBe(
      'The assistant started a task on the account work.',
    );
    expect(say('run.started', { kind: 'ask', request: 'give me my daily brief' })).toBe(
      'The assistant started on your request “give me my daily brief”.',
    );
  });

  it('names what the firewall found in words', () => {
    const s = say('security.firewall', { findings: { 'FINANCIAL/iban': 2, 'PROMPT_INJECTION/override': 1 } });
    expect(s).toBe(
      'The firewall marked 3 sensitive details in what the tools answered (payment details, instructions aimed at the assistant).',
    );
    expect(s).not.toMatch(/[A-Z]{3,}|\//);
  });
});
