/**
 * Claims of every attack plan, explained: each untrusted field names, in one sentence, the email
 * (subject and sender) its value was taken from, and a recipient chosen by mail is flagged.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { explainClaim } from '../../../engine/claims/explain';
import { worldDirectory } from '../../../engine/claims/world-directory';
import { loadWorld, simulate } from '../../../engine/run/simulate';
import { bareAddress } from '../../../engine/world';

const ROOT = process.cwd();
const DEMO = join(ROOT, 'resources/demo-world.yaml');
const ATTACKS = join(ROOT, 'resources/attack-plans');
const emailId = (s: string) => /^tool:(?:getEmail|listEmails|searchEmails):([^#]+)$/.exec(s)?.[1];

describe('claim explanations', () => {
  let claims = 0;
  for (const file of readdirSync(ATTACKS).filter((f) => f.endsWith('.js')))
    it(`${file}: every untrusted field names the email behind it`, async () => {
      const world = loadWorld(readFileSync(DEMO, 'utf8'), DEMO);
      const dir = worldDirectory(world);
      const { report } = await simulate({ plan: readFileSync(join(ATTACKS, file), 'utf8'), world });
      for (const c of report.claims) {
        claims++;
        const x = explainClaim(c, dir);
        expect(x.what.length).toBeGreaterThan(5);
        for (const f of c.fields) {
          const e = x.fields.find((y) => y.path === f.path)!;
          expect(e.sentence.split(/[.!?](\s|$)/).filter((s) => s.trim()).length).toBeGreaterThanOrEqual(1);
          const ids = [...new Set(f.untrusted.map(emailId).filter((v): v is string => v !== undefined))];
          if (ids.length === 0) continue;
          expect(e.untrusted).toBe(true);
          for (const id of ids.slice(0, ids.length > 3 ? 3 : ids.length)) {
            const m = world.findEmail(id)!;
            expect(e.sentence).toContain(`“${m.subject}”`);
            expect(e.sentence).toContain(bareAddress(m.from));
          }
          if (ids.length > 3) expect(e.sentence).toMatch(/and \d+ more/);
          if (/^(to|cc)\b/.test(f.path)) expect(x.flags.join(' ')).toContain('chosen by content you did not write');
        }
      }
    });

  it('explained at least one claim per attack family', () => {
    expect(claims).toBeGreaterThan(5);
  });

  it('flags a look-alike recipient domain', () => {
    const dir = {
      email: () => undefined,
      event: () => undefined,
      userAddresses: ['maya@acme.test'],
      contacts: ['carla@globex.test'],
      mailboxSize: 0,
    };
    const x = explainClaim(
      { tool: 'sendEmail', args: { to: ['carla@g1obex.test'], subject: 's', body: 'b' }, fields: [] },
      dir,
    );
    expect(x.flags.join(' ')).toMatch(/carla@g1obex\.test looks like globex\.test/);
    expect(x.what).toMatch(/outside your company/);
  });
});
