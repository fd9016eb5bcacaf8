/**
 * `zamburak claims show` says a claim's reasons in the sentences Review shows: what decided a
 * call is "what decided to do this" or the thing itself, never the gate's "control context" or an
 * item's id. The gate's own text stays in `--json` for scripts.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { zamburak } from './cli-process';

const ROOT = process.cwd();

describe('zamburak claims show in words', () => {
  it('prints what decided an archive in words, not the gate’s control context', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'zamburak-cli-reasons-')), 'p');
    expect(zamburak('init', '--profile', dir).status).toBe(0);
    const plan = join(ROOT, 'resources/attack-plans/14-archive-senders-from-newsletter.js');
    expect(zamburak('run', plan, '--profile', dir, '--json').status).toBe(0);
    const list = JSON.parse(zamburak('claims', 'list', '--profile', dir, '--json').stdout) as {
      claims: { id: string; reasons: string[] }[];
    };
    // The gate's text, kept for scripts: it is what the sentences below rewrite.
    const claim = list.claims.find((c) => c.reasons.some((r) => r.includes('control context')))!;
    expect(claim).toBeDefined();

    const shown = zamburak('claims', 'show', claim.id, '--profile', dir);
    expect(shown.status).toBe(0);
    const reasons = shown.stdout.split('\n').filter((l) => l.startsWith('  reason '));
    // The email archived is named by subject and sender, never by its id.
    expect(reasons).toContainEqual(
      expect.stringMatching(
        /^ {2}reason {3}What decided to do this depends on which email a search returned, not the email “[^”]+” from \S+@\S+, which it acts on\.$/,
      ),
    );
    expect(shown.stdout).not.toMatch(/control context/i);
    expect(shown.stdout).not.toMatch(/the item acted on/);
  });
});
