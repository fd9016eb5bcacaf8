/**
 * What the CLI says, as a person reads it: each message once, each prefix once, and one exit
 * code for one kind of mistake. An id or a name the profile does not have is a bad argument
 * (exit 2, as `--account NAME` is in the contract), whichever command it was given to.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { zamburak } from './cli-process';

const tmp = mkdtempSync(join(tmpdir(), 'zamburak-cli-messages-'));
const dir = join(tmp, 'p');

/** A prefix said twice in a row (`extract: extract:`, `zamburak: zamburak:`). */
const DOUBLED = /(^|[\s(])([\w.-]+): \2:/m;

describe('init', () => {
  it('says once that it created the profile', () => {
    const r = zamburak('init', '--profile', dir);
    expect(r.status).toBe(0);
    const said = `${r.stdout}\n${r.stderr}`;
    expect(said.match(/created/gi)).toHaveLength(1);
    expect(r.stdout).toBe(`Created ${dir}\n  account demo <maya@acme.test> (demo, nothing leaves this computer)\n`);
    expect(r.stderr).toBe('');
  });
});

describe('a tool failing inside a plan', () => {
  const world = join(tmp, 'w.yaml');
  beforeAll(() => writeFileSync(world, 'user: {name: A, email: a@x.test}\nnow: "2026-01-01T00:00:00Z"\nemails: []\n'));
  for (const [tool, plan, message] of [
    ['extract', 'return await extract("  ", {type: "string"});', 'extract: the text is empty'],
    ['summarize', 'return await summarize("");', 'summarize: the text is empty'],
    ['classify', 'return await classify("nothing to see", ["newsletter", "invoice"]);', 'classify: no label fits'],
  ] as const)
    it(`${tool}: the error names the tool once`, () => {
      const file = join(tmp, `${tool}.js`);
      writeFileSync(file, plan);
      const r = zamburak('run', file, '--world', world, '--json');
      expect(r.status).toBe(1);
      const rep = JSON.parse(r.stdout) as { error: { kind: string; message: string } };
      expect(rep.error.kind).toBe('NotEnoughInformation');
      expect(rep.error.message.startsWith(message)).toBe(true);
      expect(rep.error.message).not.toMatch(DOUBLED);
    });
});

describe('an id or a name the profile does not have', () => {
  beforeAll(() => {
    if (zamburak('init', '--profile', dir).status !== 0) throw new Error('init failed');
  });
  const commands: string[][] = [
    ['claims', 'show', 'nope'],
    ['claims', 'approve', 'nope'],
    ['claims', 'reject', 'nope'],
    ['claims', 'undo', 'nope'],
    ['claims', 'edit', 'nope', '--subject', 'x'],
    ['mail', 'reply', 'nope', '--body', 'x'],
    ['mail', 'forward', 'nope', '--to', 'a@b.test'],
    ['mail', 'undo', 'nope'],
    ['mail', 'archive', 'nope'],
    ['mail', 'read', 'nope'],
    ['mail', 'unread', 'nope'],
    ['mail', 'move', 'nope', 'INBOX'],
    ['mail', 'folders', 'nope'],
    ['audit', 'show', '99999'],
    ['account', 'test', 'nope'],
    ['account', 'remove', 'nope'],
    ['provider', 'test', 'nope'],
    ['provider', 'remove', 'nope'],
    ['provider', 'use', 'nope', '--for', 'planner'],
    ['sync', '--account', 'nope'],
    ['triage', '--account', 'nope'],
  ];
  for (const args of commands)
    it(`${args.join(' ')}: exit 2, naming it once, no internal name`, () => {
      const r = zamburak(...args, '--profile', dir);
      expect({ status: r.status, stderr: r.stderr }).toMatchObject({
        status: 2,
        stderr: expect.stringMatching(/nope|99999/),
      });
      expect(r.stderr).not.toMatch(DOUBLED);
      expect(r.stderr).not.toMatch(/internal error|replyToEmail|forwardEmail/);
      expect(r.stdout).toBe('');
    });
});
