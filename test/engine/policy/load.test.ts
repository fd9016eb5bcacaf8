import { describe, it, expect } from 'vitest';
import { BUILTIN_TOOLS, loadPolicy, PRESETS, type PolicyError } from '../../../engine/policy';

const errorsOf = (text: string, opts?: Parameters<typeof loadPolicy>[1]): PolicyError[] => {
  const r = loadPolicy(text, opts);
  if (r.ok) throw new Error('expected errors');
  return r.errors;
};

describe('loadPolicy: positioned errors', () => {
  it('points at an unknown key in a condition, with a suggestion', () => {
    const text = [
      'version: 1', //                                   1
      'rules:', //                                       2
      '  - id: send/ok', //                              3
      '    tools: [sendEmail]', //                       4
      '    when:', //                                    5
      '      recipents: { allTrusted: true }', //        6
      '    decision: allow', //                          7
    ].join('\n');
    expect(errorsOf(text)).toEqual([
      { line: 6, column: 7, message: 'rules[0].when: unknown key "recipents" (did you mean "recipients"?)' },
    ]);
  });

  it('points at a bad enum value', () => {
    const text = 'version: 1\nrules:\n  - id: a\n    decision: allow\n  - id: b\n  - id: c\n    decision: alow\n';
    expect(errorsOf(text)).toEqual([
      { line: 5, column: 5, message: 'rules[1].decision: required (one of allow|deny|confirm)' },
      { line: 7, column: 15, message: 'rules[2].decision: expected one of allow|deny|confirm, got "alow"' },
    ]);
  });

  it('points at unknown keys at every level, and at wrong types', () => {
    const text = [
      'version: 1',
      'nmae: x',
      'settings:',
      '  deleteEnable: true',
      'rules:',
      '  - id: a',
      '    decision: deny',
      '    when: { args: { fields: body, capsAny: [SECRET] } }',
      '    kinds: [egres]',
    ].join('\n');
    expect(errorsOf(text)).toEqual([
      { line: 2, column: 1, message: '(root): unknown key "nmae" (did you mean "name"?)' },
      { line: 4, column: 3, message: 'settings: unknown key "deleteEnable" (did you mean "deleteEnabled"?)' },
      { line: 8, column: 29, message: 'rules[0].when.args.fields: expected array, got "body"' },
      {
        line: 9,
        column: 13,
        message:
          'rules[0].kinds[0]: expected one of source|extract|sanitizer|local|organize|egress|destructive|display, got "egres"',
      },
    ]);
  });

  it('rejects negative budgets and a wrong version', () => {
    expect(errorsOf('version: 2\nbudgets:\n  sendEmail: -1\n  "*": 1.5\n')).toEqual([
      { line: 1, column: 10, message: 'version: expected 1, got 2' },
      { line: 3, column: 14, message: 'budgets.sendEmail: must be >= 0, got -1' },
      { line: 4, column: 8, message: 'budgets["*"]: expected int, got 1.5' },
    ]);
  });

  it('reports YAML syntax errors with their position', () => {
    const e = errorsOf('version: 1\nrules:\n  - id: a\n    decision: [allow\n');
    expect(e.length).toBeGreaterThan(0);
    expect(e[0]!.message).toMatch(/^YAML syntax: /);
    expect(e[0]!.line).toBeGreaterThanOrEqual(4);
    const tab = errorsOf('version: 1\nrules:\n\t- id: a\n');
    expect(tab[0]).toMatchObject({ line: 3, column: 1 });
    expect(errorsOf('version: 1\nversion: 1\n')).toEqual([
      { line: 2, column: 1, message: 'YAML syntax: Map keys must be unique' },
    ]);
    expect(errorsOf('version: 1\nname: "x\n')[0]!.line).toBeGreaterThanOrEqual(2);
  });

  it('rejects a root that is not a mapping, and empty text', () => {
    expect(errorsOf('- a\n- b\n')).toEqual([
      { line: 1, column: 1, message: '(root): a policy is a mapping (version, rules, …), got a list' },
    ]);
    expect(errorsOf('\n\n  "text"')).toEqual([
      { line: 3, column: 3, message: '(root): a policy is a mapping (version, rules, …), got "text"' },
    ]);
    expect(errorsOf('# only a comment\n')[0]!.message).toMatch(/empty/);
  });

  it('rejects duplicate rule ids, risk without confirm and reserved ids', () => {
    const text = [
      'version: 1',
      'rules:',
      '  - { id: a, decision: allow }',
      '  - id: a',
      '    decision: deny',
      '    risk: high',
      '  - { id: budget/x, decision: deny }',
    ].join('\n');
    expect(errorsOf(text)).toEqual([
      { line: 4, column: 9, message: 'rules[1].id: duplicate rule id "a" (first used by rules[0])' },
      {
        line: 6,
        column: 11,
        message: 'rules[1].risk: risk is only used with decision: confirm (this rule decides deny)',
      },
      {
        line: 7,
        column: 11,
        message:
          'rules[2].id: "budget/x" is reserved for decisions the engine makes itself (budget/…, policy/no-match, gate/…)',
      },
    ]);
  });

  it('checks tool names when the known tools are given', () => {
    const text =
      'version: 1\nbudgets: { sendMail: 3 }\nrules:\n  - id: a\n    tools: [sendEmail, archiveMail]\n    decision: allow\n';
    expect(errorsOf(text, { knownTools: BUILTIN_TOOLS })).toEqual([
      { line: 2, column: 12, message: 'budgets.sendMail: unknown tool "sendMail" (did you mean "sendEmail"?)' },
      { line: 5, column: 24, message: 'rules[0].tools[1]: unknown tool "archiveMail" (did you mean "archiveEmail"?)' },
    ]);
    expect(loadPolicy(text).ok).toBe(true);
  });

  it('reports empty tests and bad caps', () => {
    const line5 = '    when: { any: [ { context: {} }, { data: { capsAny: [secret] } } ] }';
    const text = `version: 1\nrules:\n  - id: a\n    decision: deny\n${line5}\n`;
    expect(errorsOf(text)).toEqual([
      {
        line: 5,
        column: line5.indexOf('{}') + 1,
        message: 'rules[0].when.any[0].context: a context test must contain at least one test',
      },
      {
        line: 5,
        column: line5.indexOf('secret') + 1,
        message:
          'rules[0].when.any[1].data.capsAny[0]: a cap is UPPER_SNAKE_CASE, optionally ending in * (e.g. SECRET, PII_*); got "secret"',
      },
    ]);
  });

  it('reports unknown presets, broken presets and cycles at `extends`', () => {
    expect(errorsOf('version: 1\nextends: defualt\n')).toEqual([
      {
        line: 2,
        column: 10,
        message: 'extends: unknown preset "defualt" (did you mean "default"?); known: default, strict',
      },
    ]);
    const presets = { a: 'version: 1\nextends: b\n', b: 'version: 1\nextends: a\n', bad: 'version: 1\nrules: 3\n' };
    expect(errorsOf('version: 1\nextends: a\n', { presets })[0]!.message).toMatch(
      /^extends: preset "a" is invalid: .*extends itself/,
    );
    expect(errorsOf('version: 1\nextends: bad\n', { presets })[0]).toEqual({
      line: 2,
      column: 10,
      message: 'extends: preset "bad" is invalid: 2:8 rules: expected array, got 3',
    });
  });

  it('checks disableRules', () => {
    expect(errorsOf('version: 1\ndisableRules: [x]\n')[0]!.message).toBe(
      'disableRules: disableRules only applies to a policy that extends a preset',
    );
    expect(errorsOf('version: 1\nextends: default\ndisableRules: [egress/bulk, egress/bulky]\n')).toEqual([
      {
        line: 3,
        column: 29,
        message: 'disableRules[1]: preset "default" has no rule "egress/bulky" (did you mean "egress/bulk"?)',
      },
    ]);
  });
});

describe('loadPolicy: extends', () => {
  const presets = {
    base: [
      'version: 1',
      'name: base',
      'allowlists: { recipients: ["*@acme.test"], urls: ["https://acme.test"] }',
      'settings: { deleteEnabled: false, bulkEgress: { maxUntrustedItems: 5, maxPiiFindings: 3 } }',
      'budgets: { sendEmail: 20, "*": 100 }',
      'rules:',
      '  - { id: one, decision: allow, tools: [getEmail] }',
      '  - { id: two, decision: confirm, kinds: [egress] }',
      '  - { id: three, decision: deny }',
    ].join('\n'),
  };

  it('puts new rules first, replaces same-id rules in place, unions allowlists, overrides settings per key', () => {
    const r = loadPolicy(
      [
        'version: 1',
        'extends: base',
        'allowlists: { recipients: ["bob@partner.test", "*@acme.test"] }',
        'settings: { bulkEgress: { maxPiiFindings: 1 } }',
        'budgets: { sendEmail: 5 }',
        'disableRules: [three]',
        'rules:',
        '  - { id: two, decision: deny, kinds: [egress] }',
        '  - { id: mine, decision: allow, tools: [log] }',
      ].join('\n'),
      { presets },
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const p = r.policy;
    expect(p.rules.map((x) => `${x.id}:${x.decision}`)).toEqual(['mine:allow', 'one:allow', 'two:deny']);
    expect(p.allowlists).toEqual({ recipients: ['*@acme.test', 'bob@partner.test'], urls: ['https://acme.test'] });
    expect(p.settings).toEqual({ deleteEnabled: false, bulkEgress: { maxUntrustedItems: 5, maxPiiFindings: 1 } });
    expect(p.budgets).toEqual({ sendEmail: 5, '*': 100 });
    expect(p.extends).toBe('base');
    expect(Object.isFrozen(p.rules)).toBe(true);
  });

  it('fills defaults for a standalone policy', () => {
    const r = loadPolicy('version: 1\n');
    expect(r).toEqual({
      ok: true,
      policy: {
        version: 1,
        name: 'policy',
        allowlists: { recipients: [], urls: [] },
        settings: { deleteEnabled: false, bulkEgress: { maxUntrustedItems: 5, maxPiiFindings: 3 } },
        budgets: {},
        recipientArgs: {},
        rules: [],
      },
    });
  });

  it('loads the shipped presets', () => {
    for (const [name, text] of Object.entries(PRESETS)) {
      const r = loadPolicy(text, { knownTools: BUILTIN_TOOLS });
      expect(r.ok, name).toBe(true);
    }
  });
});
