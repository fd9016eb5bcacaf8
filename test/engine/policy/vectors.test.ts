import { describe, it, expect } from 'vitest';
import { formatVectorRows, parseVectors, presetPolicy, runVectors } from '../../../engine/policy';

const policy = presetPolicy('default');

describe('runVectors', () => {
  it('accepts a bare list and reports rows with expected, got, rule and pass', () => {
    const text = [
      '- name: typed note',
      '  tool: sendEmail',
      '  userAddresses: [alex@acme.test]',
      '  contacts: [bob@acme.test]',
      '  args: { to: [bob@acme.test], subject: hi, body: hi }',
      '  expect: { decision: allow, rule: egress/trusted }',
      '- name: wrong on purpose',
      '  tool: deleteEmail',
      '  args: { id: e1 }',
      '  expect: { decision: confirm }',
    ].join('\n');
    const r = runVectors(policy, text);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.rows.map(({ reasons: _r, ...row }) => row)).toEqual([
      {
        name: 'typed note',
        tool: 'sendEmail',
        expected: 'allow',
        expectedRule: 'egress/trusted',
        got: 'allow',
        rule: 'egress/trusted',
        pass: true,
      },
      {
        name: 'wrong on purpose',
        tool: 'deleteEmail',
        expected: 'confirm',
        got: 'deny',
        rule: 'delete/disabled',
        pass: false,
      },
    ]);
    expect([r.passed, r.failed]).toEqual([1, 1]);
    expect(formatVectorRows(r.rows)).toContain('FAIL wrong on purpose: expected confirm, got deny (delete/disabled)');
  });

  it('builds labels: tool sources untrusted by default, readers lower-cased, per-item labels', () => {
    const r = parseVectors(
      [
        'vectors:',
        '  - name: v',
        '    tool: sendEmail',
        '    args:',
        '      to: { items: [ { value: A@X.test, sources: ["tool:getEmail:e1"], readers: [B@X.test] }, c@x.test ], sources: [user] }',
        '    context: { sources: [system, "tool:listEmails:e2"], untrusted: [] }',
        '    expect: { decision: allow }',
      ].join('\n'),
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const to = r.vectors[0]!.call.args['to']!;
    expect(to.kind).toBe('array');
    if (to.kind !== 'array') return;
    expect(to.label).toEqual({ sources: ['user'], untrusted: [], readers: 'public', caps: [] });
    expect(to.items[0]!.label).toEqual({
      sources: ['tool:getEmail:e1'],
      untrusted: ['tool:getEmail:e1'],
      readers: ['b@x.test'],
      caps: [],
    });
    expect(r.vectors[0]!.call.context.untrusted).toEqual([]);
  });

  it('reports positioned errors in a vectors file', () => {
    const text = [
      'vectors:',
      '  - name: v',
      '    tool: sendEmail',
      '    args:',
      '      to: { value: [a@x.test], sorces: [user] }',
      '    expect: { decision: alow }',
      '  - name: w',
      '    tool: postToChat',
      '    expect: { decision: deny }',
    ].join('\n');
    const r = parseVectors(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const lines = text.split('\n');
    expect(r.errors).toEqual([
      {
        line: 5,
        column: lines[4]!.indexOf('sorces') + 1,
        message: 'vectors[0].args.to: unknown key "sorces" (did you mean "sources"?)',
      },
      {
        line: 6,
        column: lines[5]!.indexOf('alow') + 1,
        message: 'vectors[0].expect.decision: expected one of allow|deny|confirm, got "alow"',
      },
    ]);
    const r2 = parseVectors('- name: w\n  tool: postToChat\n  expect: { decision: deny }\n');
    expect(r2).toEqual({
      ok: false,
      errors: [{ line: 2, column: 9, message: '[0].tool: "postToChat" is not a built-in tool: give its kind' }],
    });
  });
});
