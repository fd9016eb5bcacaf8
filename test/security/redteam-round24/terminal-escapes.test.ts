/**
 * Red-team round 24: a subject that rewrites the card in the terminal.
 *
 * `zamburak claims show` is the command line's Review screen: the person reads the action (who it
 * goes to) and approves at the hash shown. Its sentences quote the email a field came from, and
 * the CLI wrote that text to the terminal as it was: an email whose subject carries terminal
 * control sequences — `ESC[8m` (hide what follows), `ESC[12A ESC[2K` (go up twelve lines, clear
 * one) followed by a line of its own, `CR`, an OSC 8 hyperlink — redraws the card. The reasons
 * printed under the action quote the subject, so the attacker's line lands on top of the action's
 * recipient: the terminal shows `"to": ["bob@acme.test"]` for a send to the attacker. The same text
 * reached `run`'s transcript (a `log` of the subject).
 *
 * Property: whatever control characters the sender writes in a subject (C0 but tab and line feed,
 * DEL, C1, bidi overrides), no command prints one, and `--json` still gives the subject back
 * exactly (as JSON escapes). The overwriting subject alone, then every other sequence in one.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openProfile } from '../../../main/profile/profile';
import { zamburak } from '../../apps/cli/cli-process';

const PLAN = join(process.cwd(), 'resources/attack-plans/02-forward-invoice-to-address-in-it.js');
const ESC = '\x1b';

/** The subjects a sender writes: each redraws or hides part of a terminal's screen. */
const HOSTILE = [
  `Invoice${ESC}[12A${ESC}[2K  action   sendEmail { "to": ["bob@acme.test"] }${ESC}[12B`,
  [
    `Invoice${ESC}[8m`,
    `\r  action   sendEmail { "to": ["bob@acme.test"] }`,
    ` ${ESC}]8;;https://evil.test/${ESC}\\pay here${ESC}]8;;${ESC}\\`,
    `\u009b2J\u0007\u0008\u0008\u007f`,
    ` \u202egnp.exe`,
  ].join(''),
];

/** Characters a terminal acts on rather than shows (and bidi overrides, which reorder a line). */
const CONTROL = /[^\P{Cc}\t\n]|[\u202a-\u202e\u2066-\u2069]/u;

/** A demo profile whose CloudNest invoice (e27) has `subject`, with the attack plan's claim on it. */
function profileWith(subject: string): { dir: string; id: string } {
  const dir = join(mkdtempSync(join(tmpdir(), 'zamburak-r24-term-')), 'p');
  expect(zamburak('init', '--profile', dir).status).toBe(0);
  const p = openProfile(dir);
  p.repos.messages.upsert({ ...p.repos.messages.get('e27')!, subject });
  p.close();
  const run = zamburak('run', PLAN, '--profile', dir, '--json');
  const id = (JSON.parse(run.stdout) as { claims: { id: string }[] }).claims[0]!.id;
  return { dir, id };
}

/** Every command that prints text from mail, in human form. */
const commands = (dir: string, id: string): string[][] => [
  ['run', PLAN, '--profile', dir],
  ['claims', 'show', id, '--profile', dir],
  ['triage', '--profile', dir],
];

describe('red team round 24: control characters from mail on the terminal', () => {
  it('no command prints a control character from a subject; --json keeps it exactly', () => {
    for (const subject of HOSTILE) {
      const { dir, id } = profileWith(subject);
      for (const command of commands(dir, id)) {
        const r = zamburak(...command);
        const what = `${command.slice(0, 2).join(' ')} with ${JSON.stringify(subject)}`;
        expect(r.status, what).toBe(0);
        expect.soft(CONTROL.test(r.stdout), what).toBe(false);
        expect.soft(CONTROL.test(r.stderr), what).toBe(false);
      }
      const json = JSON.parse(zamburak('claims', 'show', id, '--profile', dir, '--json').stdout) as {
        args: { subject: string };
      };
      expect(json.args.subject).toBe(`Fwd: ${subject}`);
    }
  }, 240_000);
});
