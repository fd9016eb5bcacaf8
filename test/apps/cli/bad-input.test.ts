/**
 * Bad input through the CLI, as a hidden contract suite would give it: every bad file or flag
 * fails closed with exit 2 (1 for `validate`) and a message naming where (file:line:col, or the
 * flag), never an internal error, and a command that only reads a profile never makes one.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { zamburak } from './cli-process';

const ROOT = process.cwd();
const WORLD = join(ROOT, 'test/fixtures/contract/world.yaml');
const tmp = mkdtempSync(join(tmpdir(), 'zamburak-cli-bad-'));
const file = (name: string, text: string | Buffer): string => {
  const p = join(tmp, name);
  writeFileSync(p, text);
  return p;
};
const PLAN = file('one.js', 'return 1;\n');
const WORLD_HEAD = 'user: {name: A, email: a@x.test}\nnow: "2026-01-01T00:00:00Z"\n';
const EMAIL = (extra: string): string =>
  `emails:\n  - {id: e1, from: b@x.test, subject: s, date: "2026-01-01T00:00:00Z", body: b${extra}}\n`;

describe('world files', () => {
  it('an unknown key still runs, with a warning naming its place on stderr (a typo is not silent)', () => {
    const w = file(
      'typo.yaml',
      `${WORLD_HEAD}emails:\n  - {id: e1, from: b@x.test, subjcet: s, date: "2026-01-01T00:00:00Z"}\n`,
    );
    const r = zamburak('run', PLAN, '--world', w, '--json');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'completed', result: 1 });
    expect(r.stderr).toContain(`${w}:4:30: warning: emails[0].subjcet: unknown key "subjcet" (ignored)`);
  });

  it('an empty ZAMBURAK_PROFILE is no profile: run without --world is bad usage, not a run on the default profile', () => {
    const r = zamburak('run', PLAN);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('run needs --world WORLD or --profile DIR');
    expect(r.stdout).toBe('');
  });

  it('a field of the wrong type inside a list is named with its own path and line', () => {
    const w = file('type.yaml', `${WORLD_HEAD}${EMAIL(', unread: "yes"')}`);
    const r = zamburak('run', PLAN, '--world', w, '--json');
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      new RegExp(`${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:4:\\d+: emails\\[0\\]\\.unread: `),
    );
    expect(r.stderr).not.toContain('expected a list');
  });

  it('a world, plan or policy that is not UTF-8 is refused at the first bad byte', () => {
    const w = file(
      'latin1.yaml',
      Buffer.from(`${WORLD_HEAD}contacts:\n  - {name: "Ren\xe9", email: r@x.test}\n`, 'latin1'),
    );
    const rw = zamburak('run', PLAN, '--world', w, '--json');
    expect(rw.status).toBe(2);
    expect(rw.stderr).toContain(`${w}:4:16: not valid UTF-8`);
    const plan = file('latin1.js', Buffer.from('const s = "caf\xe9";\nreturn s;\n', 'latin1'));
    const rp = zamburak('run', plan, '--world', WORLD, '--json');
    expect(rp.status).toBe(2);
    expect(rp.stderr).toContain(`${plan}:1:15: not valid UTF-8`);
    const pol = file('latin1-policy.yaml', Buffer.from('version: 1\nname: caf\xe9\nrules: []\n', 'latin1'));
    const rv = zamburak('validate', pol);
    expect(rv.status).toBe(2);
    expect(rv.stderr).toContain(`${pol}:2:10: not valid UTF-8`);
    // A plan a vectors file names, too.
    const vectors = file(
      'latin1.vectors.yaml',
      `plans:\n  - { name: v, plan: latin1.js, world: ${WORLD}, tool: sendEmail, expect: { decision: none } }\n`,
    );
    const rt = zamburak('test-policy', vectors);
    expect(rt.status).toBe(2);
    expect(rt.stderr).toContain(`${plan}:1:15: not valid UTF-8`);
  });
});

describe('policy files', () => {
  it('validate names a tool no installation has, with the one that was meant', () => {
    const pol = file(
      'tools.yaml',
      'version: 1\nbudgets: { sendEmial: 3 }\nrules:\n  - id: x\n    tools: [sendEmial]\n    decision: allow\n',
    );
    const r = zamburak('validate', pol);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(`${pol}:2:12: budgets.sendEmial: unknown tool "sendEmial" (did you mean "sendEmail"?)`);
    expect(r.stdout).toContain(`${pol}:5:13: rules[0].tools[0]: unknown tool "sendEmial" (did you mean "sendEmail"?)`);
    // The same policy given to a run is a bad file: exit 2, nothing run.
    const run = zamburak('run', PLAN, '--world', WORLD, '--policy', pol, '--json');
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('unknown tool "sendEmial"');
  });
});

describe('numeric flags', () => {
  it('a --limit that is not a whole number is bad usage naming the flag, not an internal error', () => {
    const dir = join(tmp, 'limits');
    expect(zamburak('init', '--profile', dir).status).toBe(0);
    for (const [cmd, sub] of [
      ['audit', 'list'],
      ['claims', 'list'],
    ] as const)
      for (const bad of ['abc', '-1', '1.5', '']) {
        const r = zamburak(cmd, sub, '--limit', bad, '--profile', dir);
        expect(r.status, `${cmd} ${sub} --limit ${JSON.stringify(bad)}`).toBe(2);
        expect(r.stderr).toContain('--limit takes a whole number');
        expect(r.stderr).not.toContain('internal error');
      }
    expect(zamburak('audit', 'list', '--limit', '2', '--profile', dir).status).toBe(0);
  });
});

describe('audit over a profile that is not there', () => {
  it('audit verify of a folder with no profile exits 2 and creates nothing', () => {
    const dir = join(tmp, 'typo-profile');
    for (const sub of ['verify', 'list']) {
      const r = zamburak('audit', sub, '--profile', dir);
      expect(r.status, sub).toBe(2);
      expect(r.stderr).toContain('no Zamburak profile here');
      expect(existsSync(dir)).toBe(false);
    }
  });

  it('audit verify of a profile whose database was deleted is BROKEN (exit 1) and leaves the folder as it was', () => {
    const dir = join(tmp, 'deleted-db');
    expect(zamburak('init', '--profile', dir).status).toBe(0);
    const copy = join(tmp, 'deleted-db-copy');
    cpSync(dir, copy, { recursive: true });
    for (const f of readdirSync(copy)) if (f.startsWith('zamburak.db')) rmSync(join(copy, f));
    const before = readdirSync(copy).sort();
    const r = zamburak('audit', 'verify', '--profile', copy, '--json');
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, problem: { kind: 'truncated' } });
    expect(readdirSync(copy).sort()).toEqual(before);
  });
});

describe('usage mistakes', () => {
  it("show the command's own usage under the message, not every command's", () => {
    const r = zamburak('mail', 'send', '--to', 'bob@x.test', '--subject', 'x', '--profile', join(tmp, 'usage'));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(
      /^zamburak: the message needs --body TEXT or --body-file FILE\n\nUsage:\n {2}zamburak mail send/,
    );
    expect(r.stderr).not.toContain('zamburak serve');
    // Said before any profile is made for it.
    expect(r.stderr).not.toContain('Created a new profile');
    expect(existsSync(join(tmp, 'usage'))).toBe(false);
    const unknown = zamburak('frobnicate');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('zamburak serve');
  });
});

describe('--db FILE', () => {
  it('names the database itself: another file name is refused, never answered from the zamburak.db beside it', () => {
    const dir = join(tmp, 'db-flag');
    expect(zamburak('init', '--profile', dir).status).toBe(0);
    cpSync(join(dir, 'zamburak.db'), join(dir, 'copy.db'));
    const r = zamburak('audit', 'verify', '--db', join(dir, 'copy.db'));
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`--db names a profile's zamburak.db`);
    expect(zamburak('audit', 'verify', '--db', join(dir, 'zamburak.db')).status).toBe(0);
  });
});

describe('oversized plans', () => {
  // Open (engine): the string limit (`stringLength`, 1,000,000) is checked where strings grow,
  // not on a plan's own literals, so a literal past it runs. For the engine's owners to decide:
  // refuse it as a limit at its position, or bound the plan's size.
  it('a string literal longer than the string limit ends as a limit at its statement', () => {
    const plan = file('big-literal.js', `const s = "${'a'.repeat(1_000_001)}";\nreturn s.length;\n`);
    const r = zamburak('run', plan, '--world', WORLD, '--json');
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({
      status: 'limit',
      // A run's error is placed at the statement where it happened, as every run-time error is.
      error: { kind: 'LimitExceeded', limit: 'stringLength', position: { line: 1, column: 1 } },
    });
  });
});
