/**
 * Every rule a person meets reads in words: each rule of the shipped presets, and each decision
 * the engine makes itself, has its own sentence in engine/policy/rule-words.ts — none falls
 * back to showing its id, and none is engine jargon.
 */
import { describe, expect, it } from 'vitest';
import { PRESET_NAMES, presetPolicy } from '../../../engine/policy';
import { NO_MATCH_RULE } from '../../../engine/policy/evaluate';
import { ruleWords } from '../../../engine/policy/rule-words';

const JARGON = /egress|taint|label|principal|context|untrusted|\/|[A-Z]{2,}/;

describe('policy rules in words', () => {
  const ids = [
    ...new Set(PRESET_NAMES.flatMap((n) => presetPolicy(n).rules.map((r) => r.id))),
    NO_MATCH_RULE,
    'gate/error',
    'tool/invalid-arguments',
  ];

  it('names every rule of the presets and the engine in a short phrase, without its id or jargon', () => {
    for (const id of ids) {
      const words = ruleWords(id);
      expect(words, id).not.toContain(id);
      expect(words, id).not.toMatch(JARGON);
      expect(words.length, id).toBeLessThan(60);
      expect(words, id).toMatch(/^[a-z]/);
    }
  });

  it('names a budget by its tool, and a rule the person wrote by the id they chose', () => {
    expect(ruleWords('budget/sendEmail')).toBe('the limit on sending an email each time the assistant works');
    expect(ruleWords('no-mail-outside-company')).toBe('your rule “no-mail-outside-company”');
  });
});
