import { describe, expect, it } from 'vitest';
import { joinLabels, sourceLabel, type Label } from '../../../engine/ifc/label';
import { labelDeep, type LabeledValue } from '../../../engine/ifc/labeled-value';
import { sanitizerTools } from '../../../engine/sanitizers/index';
import { ToolError, toolRegistry, type ToolContext } from '../../../engine/tools/types';

const tools = sanitizerTools({
  userAddresses: ['alex@acme.test'],
  contacts: ['bob@acme.test'],
  recipientPatterns: ['*@corp.test'],
  urlPatterns: ['acme.test'],
  maxAmount: 10_000,
});
const ctx: ToolContext = { userAddresses: ['alex@acme.test', 'alex@home.test'], seq: 1 };

const fromEmail: Label = sourceLabel('tool:getEmail:e1', {
  trusted: false,
  readers: ['alex@acme.test', 'bob@acme.test'],
  caps: ['UNTRUSTED_TEXT', 'PII_EMAIL'],
});
const prim = (value: string | number, label: Label): LabeledValue => ({ kind: 'prim', value, label });

function expectVerified(label: Label, tool: string, kind: string, input: Label): void {
  expect(label.verified).toBe(kind);
  // Lineage stays visible: every input source, untrusted source, reader and cap is kept.
  for (const s of input.sources) expect(label.sources).toContain(s);
  expect(label.sources).toContain(`sanitizer:${tool}`);
  expect(label.untrusted).toEqual(input.untrusted);
  expect(label.untrusted).not.toContain(`sanitizer:${tool}`);
  expect(label.readers).toEqual(input.readers);
  expect(label.caps).toEqual(input.caps);
}

function expectRefused(run: () => unknown, input: Label): void {
  let thrown: unknown;
  try {
    run();
  } catch (e) {
    thrown = e;
  }
  expect(thrown).toBeInstanceOf(ToolError);
  const err = thrown as ToolError;
  expect(err.kind).toBe('InvalidArguments');
  expect(err.label).toEqual(input);
  expect(err.message.length).toBeGreaterThan(0);
}

describe('sanitizer tools', () => {
  it('fit a tool registry', () => {
    const registry = toolRegistry([tools.verifyEmailAddress, tools.verifyUrl, tools.verifyAmount]);
    expect([...registry.keys()]).toEqual(['verifyEmailAddress', 'verifyUrl', 'verifyAmount']);
  });

  it('declare the contract names, params and kind', () => {
    expect(tools.verifyEmailAddress).toMatchObject({
      name: 'verifyEmailAddress',
      kind: 'sanitizer',
      params: ['address'],
    });
    expect(tools.verifyUrl).toMatchObject({ name: 'verifyUrl', kind: 'sanitizer', params: ['url'] });
    expect(tools.verifyAmount).toMatchObject({ name: 'verifyAmount', kind: 'sanitizer', params: ['amount'] });
    expect(tools.verifyEmailAddress.schema.safeParse({ address: 'x' }).success).toBe(true);
    expect(tools.verifyEmailAddress.schema.safeParse({ address: 1 }).success).toBe(false);
    expect(tools.verifyAmount.schema.safeParse({ amount: 12 }).success).toBe(true);
  });

  it('verifyEmailAddress mints verified(EmailAddress) on success and keeps the lineage', () => {
    const out = tools.verifyEmailAddress.run(
      { address: 'BOB@acme.test' },
      { address: prim('BOB@acme.test', fromEmail) },
      ctx,
    );
    expect(out).toMatchObject({ kind: 'prim', value: 'bob@acme.test' });
    expectVerified((out as LabeledValue).label, 'verifyEmailAddress', 'EmailAddress', fromEmail);
  });

  it("verifyEmailAddress uses the run's user addresses", () => {
    const out = tools.verifyEmailAddress.run(
      { address: 'alex@home.test' },
      { address: prim('alex@home.test', fromEmail) },
      ctx,
    );
    expect((out as LabeledValue).label.verified).toBe('EmailAddress');
  });

  it('verifyEmailAddress throws InvalidArguments with the input label, and mints nothing', () => {
    expectRefused(
      () =>
        tools.verifyEmailAddress.run(
          { address: 'bob@acrne.test' },
          { address: prim('bob@acrne.test', fromEmail) },
          ctx,
        ),
      fromEmail,
    );
    expectRefused(
      () => tools.verifyEmailAddress.run({ address: 'Bob <bob@acme.test>' }, { address: prim('x', fromEmail) }, ctx),
      fromEmail,
    );
  });

  it('takes the label of the whole argument, structure included', () => {
    const structure = sourceLabel('tool:listEmails:inbox', { trusted: false, readers: ['alex@acme.test'] });
    const arg: LabeledValue = { kind: 'object', label: structure, entries: { a: prim('bob@acme.test', fromEmail) } };
    const out = tools.verifyEmailAddress.run({ address: 'bob@acme.test' }, { address: arg }, ctx) as LabeledValue;
    const joined = joinLabels(structure, fromEmail);
    expectVerified(out.label, 'verifyEmailAddress', 'EmailAddress', joined);
  });

  it('works without a labeled argument (plan literal): trusted sanitizer output', () => {
    const out = tools.verifyEmailAddress.run({ address: 'bob@acme.test' }, {}, ctx) as LabeledValue;
    expect(out.label).toEqual({
      sources: ['sanitizer:verifyEmailAddress'],
      untrusted: [],
      readers: 'public',
      caps: [],
      verified: 'EmailAddress',
    });
  });

  it('verifyUrl mints verified(AllowlistedUrl) on success only', () => {
    const out = tools.verifyUrl.run(
      { url: 'https://ACME.test/x' },
      { url: prim('https://ACME.test/x', fromEmail) },
      ctx,
    ) as LabeledValue;
    expect(out).toMatchObject({ kind: 'prim', value: 'https://acme.test/x' });
    expectVerified(out.label, 'verifyUrl', 'AllowlistedUrl', fromEmail);
    expectRefused(
      () => tools.verifyUrl.run({ url: 'http://2130706433/' }, { url: prim('http://2130706433/', fromEmail) }, ctx),
      fromEmail,
    );
    expectRefused(
      () => tools.verifyUrl.run({ url: 'javascript:alert(1)' }, { url: prim('javascript:alert(1)', fromEmail) }, ctx),
      fromEmail,
    );
  });

  it('verifyAmount labels every part of {amount, currency} with verified(Amount)', () => {
    const out = tools.verifyAmount.run(
      { amount: '€1,234.50' },
      { amount: prim('€1,234.50', fromEmail) },
      ctx,
    ) as LabeledValue;
    expect(out.kind).toBe('object');
    if (out.kind !== 'object') return;
    expect(out.entries.amount).toMatchObject({ kind: 'prim', value: 1234.5 });
    expect(out.entries.currency).toMatchObject({ kind: 'prim', value: 'EUR' });
    for (const l of [out.label, out.entries.amount?.label, out.entries.currency?.label])
      expectVerified(l as Label, 'verifyAmount', 'Amount', fromEmail);
    expectRefused(
      () => tools.verifyAmount.run({ amount: '€10,000.01' }, { amount: prim('€10,000.01', fromEmail) }, ctx),
      fromEmail,
    );
    expectRefused(
      () => tools.verifyAmount.run({ amount: '1,234 EUR' }, { amount: prim('1,234 EUR', fromEmail) }, ctx),
      fromEmail,
    );
  });

  it('never returns verified for refused inputs across many tries', () => {
    const bad = ['eve@evil.test', 'bob@acme.test.evil.test', 'bob@xn--cme-5cd.test', '', 'bob@acme.test\u200b'];
    for (const address of bad)
      expect(() => tools.verifyEmailAddress.run({ address }, { address: labelDeep(address, fromEmail) }, ctx)).toThrow(
        ToolError,
      );
  });

  it('refuses invalid allowlist patterns at construction', () => {
    expect(() =>
      sanitizerTools({ userAddresses: [], contacts: [], recipientPatterns: ['*@*'], urlPatterns: [] }),
    ).toThrow(/invalid allowlist patterns/);
    expect(() =>
      sanitizerTools({ userAddresses: [], contacts: [], recipientPatterns: [], urlPatterns: ['ftp://x.test'] }),
    ).toThrow(/invalid allowlist patterns/);
    expect(() =>
      sanitizerTools({
        userAddresses: [],
        contacts: [],
        recipientPatterns: [],
        urlPatterns: [],
        maxAmount: Number.NaN,
      }),
    ).toThrow(/maxAmount/);
  });
});
