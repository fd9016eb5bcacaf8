import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { minimalGate, runPlan, simulate, toolRegistry, loadWorld, type Gate } from '../../../engine';
import { WorldState, worldTools } from '../../../engine/world';
import { sourceLabel } from '../../../engine/ifc/label';

const sample = readFileSync('test/fixtures/contract/northwind.yaml', 'utf8');
const world = (): WorldState => WorldState.fromText(sample, 'world.yaml');
const run = (plan: string, opts: { gate?: Gate; mode?: 'strict' | 'normal'; input?: unknown } = {}) => {
  const state = world();
  return runPlan({
    plan,
    tools: toolRegistry(worldTools(state)),
    gate: opts.gate ?? minimalGate,
    mode: opts.mode ?? 'strict',
    input: opts.input as never,
    userAddresses: state.userAddresses,
    contacts: state.contacts.map((c) => c.email),
  });
};
const confirmAll: Gate = (c) =>
  c.kind === 'egress'
    ? { decision: 'confirm', rule: 'test/confirm', reasons: ['egress'], risk: 'medium' }
    : { decision: 'allow', rule: 'test/allow', reasons: [] };

describe('runPlan', () => {
  it('labels tool output with its source and reports it on the call', async () => {
    const r = await run(
      `const m = await getEmail('m2'); await sendEmail({ to: ['priya@northwind.test'], subject: m.subject, body: 'x' });`,
      { gate: confirmAll },
    );
    const send = r.calls.find((c) => c.tool === 'sendEmail')!;
    expect(send.sources).toEqual(['tool:getEmail:m2']);
    expect(send.trusted).toBe(false);
    const subject = send.fields.find((f) => f.path === 'subject')!;
    expect(subject.untrusted).toEqual(['tool:getEmail:m2']);
    expect(subject.readers).toEqual(['priya@northwind.test', 'sam@northwind.test']);
    expect(subject.lineage?.op).toMatch(/source|\.subject/);
  });

  it('explains each field: the lineage names the operations and its root carries the field`s sources (§7.3)', async () => {
    const r = await run(
      `const a = await getEmail('m1'); const b = await getEmail('m2');
       let s = a.subject.toUpperCase() + ' / ' + b.subject;
       if (a.body.length > 3) s = s + '!';
       await sendEmail({ to: ['omar@northwind.test'], subject: s, body: 'x' });`,
      { gate: confirmAll },
    );
    const f = r.calls.find((c) => c.tool === 'sendEmail')!.fields.find((x) => x.path === 'subject')!;
    expect(f.sources).toEqual(['tool:getEmail:m1', 'tool:getEmail:m2']);
    expect(f.lineage?.sources).toEqual(f.sources);
    const ops: string[] = [];
    const walk = (n: { op: string; from?: readonly unknown[] }): void => {
      ops.push(n.op);
      for (const c of n.from ?? []) walk(c as { op: string; from?: readonly unknown[] });
    };
    walk(f.lineage!);
    expect(ops).toEqual(expect.arrayContaining(['+', 'toUpperCase']));
    expect(ops.some((o) => o.startsWith('source getEmail(m1)'))).toBe(true);
  });

  it('labels what a call returns with its arguments: the decision read their labels', async () => {
    for (const mode of ['strict', 'normal'] as const) {
      const pending = await run(
        `const m = await getEmail('m2'); const h = await sendEmail({ to: ['priya@northwind.test'], subject: m.subject, body: 'x' }); return h.status;`,
        { gate: confirmAll, mode },
      );
      expect(pending.result).toBe('awaiting-approval');
      expect(pending.resultLabel!.untrusted, mode).toContain('tool:getEmail:m2');
      const done = await run(
        `const m = await getEmail('m2'); const d = await createDraft({ to: ['priya@northwind.test'], subject: m.subject, body: 'x' }); return d.draftId;`,
        { mode },
      );
      expect(done.resultLabel!.untrusted, mode).toContain('tool:getEmail:m2');
    }
  });

  it('queues a claim for a confirmed call and hands the plan a pending handle', async () => {
    const r = await run(
      `const h = await sendEmail({ to: ['omar@northwind.test'], subject: 'Hi', body: 'B' }); return h;`,
      { gate: confirmAll },
    );
    expect(r.status).toBe('completed');
    expect(r.claims).toHaveLength(1);
    const claim = r.claims[0]!;
    expect(claim.contentHash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(r.result).toEqual({ pending: true, claimId: claim.id, tool: 'sendEmail', status: 'awaiting-approval' });
    expect(r.calls[0]!.executed).toBe(false);
    // Same content, same hash: the claim commits exactly what was shown.
    const again = await run(`await sendEmail({ body: 'B', subject: 'Hi', to: ['omar@northwind.test'] });`, {
      gate: confirmAll,
    });
    expect(again.claims[0]!.contentHash).toBe(claim.contentHash);
  });

  it('gives the planner a redacted message when the error depends on untrusted data', async () => {
    const r = await run(`const m = await getEmail('m1'); const x = JSON.parse(m.body); return x;`);
    expect(r.status).toBe('failed');
    expect(r.error!.kind).toBe('RuntimeError');
    expect(r.error!.message).not.toContain('zed');
    expect(r.error!.message).toContain('tool:getEmail:m1');
    expect(r.error!.position).toEqual({ line: 1, column: 33 });
    expect(r.error!.fullMessage).toContain('JSON.parse');
  });

  it('keeps trusted error text as it is', async () => {
    const r = await run(`const a = null;\nreturn a.b;`);
    expect(r.error!.message).toBe("cannot read 'b' of null");
    expect(r.error!.position).toEqual({ line: 2, column: 1 });
  });

  it('labels the input as the user`s, trusted and public', async () => {
    const r = await run(`await sendEmail({ to: [input.to], subject: input.s, body: 'x' }); return input.s;`, {
      input: { to: 'omar@northwind.test', s: 'Hello' },
    });
    expect(r.calls[0]!.decision).toBe('allow');
    expect(r.calls[0]!.sources).toEqual(['user']);
    expect(r.resultLabel!.sources).toEqual(['user']);
  });

  it('rejects a plan outside the subset before running anything', async () => {
    const r = await run(`await sendEmail({ to: ['a@b.c'], subject: 's', body: 'b' });\nclass X {}`);
    expect(r.status).toBe('failed');
    expect(r.error).toMatchObject({ kind: 'PlanRejected', position: { line: 2, column: 1 } });
    expect(r.calls).toHaveLength(0);
  });

  it('denies with PolicyDenied inside the plan, which can catch it', async () => {
    const r = await run(
      `const m = await getEmail('m1'); try { await sendEmail({ to: [m.body.split(' ')[0]], subject: 's', body: 'b' }); return 'sent'; } catch (e) { return e.name; }`,
    );
    expect(r.result).toBe('PolicyDenied');
    expect(r.resultLabel!.untrusted).toContain('tool:getEmail:m1');
  });

  it('validates arguments against the tool schema before the gate sees them', async () => {
    const r = await run(`await sendEmail({ to: 42, subject: 's', body: 'b' });`);
    expect(r.calls[0]).toMatchObject({
      tool: 'sendEmail',
      decision: 'deny',
      rule: 'tool/invalid-arguments',
      executed: false,
    });
    expect(r.status).toBe('failed');
  });

  it('is deterministic: same plan, world and gate give the same report', async () => {
    const plan = `const es = await listEmails({}); const out = []; for (const e of es) { if (e.subject.length > 3) out.push(e.id); } await sendEmail({ to: ['omar@northwind.test'], subject: out.join(','), body: 'b' }); return out;`;
    const a = await run(plan, { gate: confirmAll });
    const b = await run(plan, { gate: confirmAll });
    const strip = (r: typeof a) => ({ ...r, stats: null });
    expect(strip(a)).toEqual(strip(b));
  });

  it('enforces the tool-call budget of the limits', async () => {
    const state = world();
    const r = await runPlan({
      plan: `for (let i = 0; i < 10; i++) { await now(); }`,
      tools: toolRegistry(worldTools(state)),
      gate: minimalGate,
      limits: { toolCalls: 3 },
      userAddresses: state.userAddresses,
      contacts: [],
    });
    expect(r.status).toBe('limit');
    expect(r.error!.limit).toBe('toolCalls');
    expect(r.calls).toHaveLength(3);
  });
});

describe('a decision that read something besides the call (Decision.read)', () => {
  // As simulate does for a reply: the recipients came from the email's From.
  const READ = sourceLabel('tool:getEmail:m1', { trusted: false });
  const gateReading =
    (decision: 'allow' | 'deny' | 'confirm'): Gate =>
    (c) =>
      c.tool === 'replyToEmail'
        ? { decision, rule: 'test/read', reasons: [], risk: 'medium', read: READ }
        : { decision: 'allow', rule: 'test/allow', reasons: [] };
  const tryReply = `let out = 'threw';
try { await replyToEmail('m2', { body: 'x' }); out = 'went on'; } catch (e) { out = 'caught'; }
return out;`;

  it.each(['allow', 'confirm'] as const)('%s: the result carries it, in both modes', async (d) => {
    for (const mode of ['strict', 'normal'] as const) {
      const r = await run(`const h = await replyToEmail('m2', { body: 'x' }); return h.ok;`, {
        gate: gateReading(d),
        mode,
      });
      expect(r.resultLabel?.untrusted).toContain('tool:getEmail:m1');
    }
  });
  it('deny: the catch runs under it, in both modes', async () => {
    const r = await run(tryReply, { gate: gateReading('deny') });
    expect(r.result).toBe('caught');
    expect(r.resultLabel?.untrusted).toContain('tool:getEmail:m1');
    const n = await run(`try { await replyToEmail('m2', { body: 'x' }); } catch (e) { await log('c'); }`, {
      gate: gateReading('deny'),
      mode: 'normal',
    });
    expect(n.calls.find((c) => c.tool === 'log')?.context.untrusted).toContain('tool:getEmail:m1');
  });
  it('STRICT: a try around a call that did not throw could have thrown because of it', async () => {
    const r = await run(tryReply, { gate: gateReading('allow') });
    expect(r.result).toBe('went on');
    expect(r.resultLabel?.untrusted).toContain('tool:getEmail:m1');
  });
  it('STRICT: the world observed after an effect call decided from it depends on it', async () => {
    const r = await run(
      `await replyToEmail('m2', { body: 'x' }); const d = await createDraft({ to: ['priya@northwind.test'], subject: 's', body: 'b' }); return d.id;`,
      { gate: gateReading('allow') },
    );
    expect(r.resultLabel?.untrusted).toContain('tool:getEmail:m1');
  });
});

describe('simulate (world + sanitizers + firewall + policy)', () => {
  it('mints verified addresses only through the sanitizer and lets the policy trust them', async () => {
    const state = loadWorld(sample, 'world.yaml');
    const { report } = await simulate({
      plan: `const m = await getEmail('m2'); const who = await verifyEmailAddress('priya@northwind.test'); await sendEmail({ to: [who], subject: 'Re: ' + m.subject, body: 'Thanks' });`,
      world: state,
    });
    const send = report.calls.find((c) => c.tool === 'sendEmail')!;
    expect(send.fields.find((f) => f.path === 'to[0]')!.verified).toBe('EmailAddress');
    expect(send.decision).toBe('allow');
  });

  it('tags secrets found by the firewall as caps on the field', async () => {
    const text = sample.replace('Draft offer for the new hire', 'Your verification code is 482913. Draft offer');
    const { report } = await simulate({
      plan: `const m = await getEmail('m2'); await sendEmail({ to: ['omar@northwind.test'], subject: 'fwd', body: m.body });`,
      world: loadWorld(text, 'world.yaml'),
    });
    const send = report.calls.find((c) => c.tool === 'sendEmail')!;
    expect(send.fields.find((f) => f.path === 'body')!.caps).toContain('SECRET');
    expect(send.decision).toBe('deny');
  });
  it('names each imported part`s source by its path: listed items, a nested list, another call, the input', async () => {
    const r = await run(
      `const es = await listEmails({ limit: 3 }); const m = await getEmail('m2');
       await sendEmail({ to: [input.to[0]], subject: es[1].subject + m.subject, body: es[0].to[0] + es.length });`,
      { gate: confirmAll, input: { to: ['omar@northwind.test'] } },
    );
    const send = r.calls.find((c) => c.tool === 'sendEmail')!;
    // Recorded from the engine that spelled each path out on import: the same lineage, op for op.
    const lineage = Object.fromEntries(send.fields.map((f) => [f.path, f.lineage]));
    expect(lineage).toEqual({
      'to[0]': { op: 'source input.to[0]', sources: ['user'] },
      subject: {
        op: '+',
        sources: ['tool:listEmails:m1#listed', 'tool:listEmails:m2#listed', 'tool:listEmails:m1', 'tool:getEmail:m2'],
        from: [
          {
            op: '.subject',
            sources: ['tool:listEmails:m1#listed', 'tool:listEmails:m2#listed', 'tool:listEmails:m1'],
            from: [
              { op: 'source listEmails()[1].subject', sources: ['tool:listEmails:m1'] },
              { op: '[i]', sources: ['tool:listEmails:m1#listed', 'tool:listEmails:m2#listed'] },
            ],
          },
          { op: 'source getEmail(m2).subject', sources: ['tool:getEmail:m2'] },
        ],
      },
      body: {
        op: '+',
        sources: ['tool:listEmails:m1#listed', 'tool:listEmails:m2#listed', 'tool:listEmails:m2'],
        from: [
          {
            op: '[i]',
            sources: ['tool:listEmails:m1#listed', 'tool:listEmails:m2#listed', 'tool:listEmails:m2'],
            from: [
              { op: 'source listEmails()[0].to[0]', sources: ['tool:listEmails:m2'] },
              {
                op: '.to',
                sources: ['tool:listEmails:m1#listed', 'tool:listEmails:m2#listed', 'tool:listEmails:m2'],
                from: [{ op: '[i]', sources: ['tool:listEmails:m1#listed', 'tool:listEmails:m2#listed'] }],
              },
            ],
          },
          { op: '.length', sources: ['tool:listEmails:m1#listed', 'tool:listEmails:m2#listed'] },
        ],
      },
    });
  });
});
