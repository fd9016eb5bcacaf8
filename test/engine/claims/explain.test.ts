/**
 * Claims of every attack plan, explained: each untrusted field names, in one sentence, the email
 * (subject and sender) its value was taken from, and a recipient chosen by mail is flagged. The
 * card reads as a person would want it: one sentence naming or counting every recipient, at
 * most three sentences of why that still name every untrusted field, no words run together.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { explainClaim, type ClaimExplanation } from '../../../engine/claims/explain';
import { fieldWords } from '../../../engine/claims/field-words';
import { worldDirectory, worldLookups } from '../../../engine/claims/world-directory';
import { effectOf } from '../../../engine/tools/effect';
import type { Json } from '../../../engine/ifc/labeled-value';
import type { WorldState } from '../../../engine/world';
import { loadWorld, simulate } from '../../../engine/run/simulate';
import { bareAddress } from '../../../engine/world';

const ROOT = process.cwd();
const DEMO = join(ROOT, 'resources/demo-world.yaml');
const ATTACKS = join(ROOT, 'resources/attack-plans');
/** The explanation as the app makes it: over the tool's own effect. */
const explainIn = (
  world: WorldState,
  c: Parameters<typeof explainClaim>[0],
  o: { timeZone?: string; locale?: string } = {},
) => explainClaim(c, worldDirectory(world), { effect: effectOf(c.tool, c.args, worldLookups(world)), ...o });
const NO_ITEMS = { email: () => undefined, event: () => undefined };
const emailId = (s: string) => /^tool:(?:getEmail|listEmails|searchEmails):([^#]+)$/.exec(s)?.[1];

describe('claim explanations', () => {
  let claims = 0;
  for (const file of readdirSync(ATTACKS).filter((f) => f.endsWith('.js')))
    it(`${file}: every untrusted field names the email behind it`, async () => {
      const world = loadWorld(readFileSync(DEMO, 'utf8'), DEMO);
      const { report } = await simulate({ plan: readFileSync(join(ATTACKS, file), 'utf8'), world });
      for (const c of report.claims) {
        claims++;
        const x = explainIn(world, c);
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

  // Joins seen in the wild: a listing phrase glued to the next clause, a source with no words.
  const RUN_TOGETHER =
    /(returned|emails|events)(which|whose|sent|the)\b|taken from (chosen|which)|from tool:|#listed|\s{2}|\.\./;
  const sentences = (s: string) => s.split(/(?<=[.!?])\s+(?=[A-Z])/).filter(Boolean);
  const allText = (x: ClaimExplanation) => [x.what, ...x.why, ...x.fields.map((f) => f.sentence)];

  for (const file of readdirSync(ATTACKS).filter((f) => f.endsWith('.js')))
    it(`${file}: the card in words — one sentence, every recipient, at most three reasons naming every untrusted field`, async () => {
      const world = loadWorld(readFileSync(DEMO, 'utf8'), DEMO);
      const { report } = await simulate({ plan: readFileSync(join(ATTACKS, file), 'utf8'), world });
      for (const c of report.claims) {
        const x = explainIn(world, c, { timeZone: 'Europe/Berlin', locale: 'en-GB' });
        expect(sentences(x.what), x.what).toHaveLength(1);
        expect(x.what).toMatch(/^[A-Z].*\.$/);
        expect(x.why.length).toBeGreaterThan(0);
        expect(x.why.length).toBeLessThanOrEqual(3);
        for (const s of allText(x)) expect(s, s).not.toMatch(RUN_TOGETHER);
        for (const w of x.why) expect(sentences(w), w).toHaveLength(1);
        // Every address the call names is among the recipients, and the sentence names or counts it.
        const named = ['to', 'cc', 'bcc', 'attendees', 'addAttendees'].flatMap((k) => {
          const v = c.args[k];
          return (Array.isArray(v) ? v : typeof v === 'string' ? [v] : []).map((a) => bareAddress(String(a)));
        });
        if (c.tool === 'replyToEmail') named.push(bareAddress(world.findEmail(String(c.args.id))!.from));
        for (const a of named) expect(x.recipients).toContain(a);
        if (x.recipients.length <= 3)
          for (const a of x.recipients) {
            const contact = world.contacts.find((k) => bareAddress(k.email) === a);
            expect(x.what).toContain(contact?.name || a);
          }
        else expect(x.what).toMatch(/\d+ (other )?(person|people)/);
        // Every untrusted field keeps its sentence among the three.
        const why = x.why.join(' ').toLowerCase();
        for (const f of c.fields.filter((f) => f.untrusted.length)) {
          const w = fieldWords(c.tool, f.path);
          const value = String(
            f.path
              .split(/[.[]/)
              .reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k.replace(']', '')], c.args),
          );
          expect(why, `${f.path} in ${why}`).toContain(
            w.recipient ? bareAddress(value) : w.noun.replace(/ \d+$/, '').toLowerCase(),
          );
        }
        // No field is shown by its path.
        for (const f of x.fields) expect(f.label).not.toMatch(/[[\]]|^id$/);
      }
    });

  it('a reply in your own words to an authenticated colleague is low risk; an outsider chosen by mail is high', () => {
    const world = loadWorld(readFileSync(DEMO, 'utf8'), DEMO);
    const bob = world.emails.find((e) => bareAddress(e.from) === 'bob@acme.test')!;
    const reply = explainIn(world, {
      tool: 'replyToEmail',
      args: { id: bob.id, body: 'Thanks Bob, will do.' },
      fields: [
        { path: 'id', sources: ['user'], untrusted: [], readers: 'public', caps: [], lineage: null },
        { path: 'body', sources: ['user'], untrusted: [], readers: 'public', caps: [], lineage: null },
      ],
    });
    expect(reply.risk).toBe('low');
    expect(reply.what).toBe('Reply to Bob Lee.');
    const chosen = explainIn(world, {
      tool: 'sendEmail',
      args: { to: ['x@elsewhere.test'], subject: 'Hi', body: 'Hello' },
      fields: [
        {
          path: 'to[0]',
          sources: [`tool:getEmail:${bob.id}`],
          untrusted: [`tool:getEmail:${bob.id}`],
          readers: 'public',
          caps: [],
          lineage: null,
        },
      ],
    });
    expect(chosen.risk).toBe('high');
    expect(chosen.unsafeRecipients.map((u) => u.address)).toEqual(['x@elsewhere.test']);
  });

  it('groups many recipients: the colleagues by name, the others counted', () => {
    const world = loadWorld(readFileSync(DEMO, 'utf8'), DEMO);
    const to = ['bob@acme.test', 'a@one.test', 'b@two.test', 'c@three.test'];
    const x = explainIn(world, { tool: 'sendEmail', args: { to, subject: 's', body: 'b' }, fields: [] });
    expect(x.what).toBe('Send an email to Bob Lee and 3 people outside your company.');
    expect(x.recipients).toEqual(to);
  });

  it('writes times in the person’s zone, a span on one day once', () => {
    const world = loadWorld(readFileSync(DEMO, 'utf8'), DEMO);
    const args = {
      title: 'Sync',
      start: '2026-03-19T15:00:00Z',
      end: '2026-03-19T15:30:00.000Z',
      attendees: ['bob@acme.test'],
    };
    const x = explainIn(
      world,
      { tool: 'createEvent', args, fields: [] },
      {
        timeZone: 'Europe/Berlin',
        locale: 'en-GB',
      },
    );
    expect(x.what).toBe('Invite Bob Lee to “Sync” on Thu, 19 Mar 2026, 16:00–16:30.');
    expect(x.preview).toMatchObject({
      kind: 'event',
      when: 'Thu, 19 Mar 2026, 16:00–16:30',
      notified: ['bob@acme.test'],
    });
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
    const args: Record<string, Json> = { to: ['carla@g1obex.test'], subject: 's', body: 'b' };
    const lookups = { account: { from: 'maya@acme.test', addresses: ['maya@acme.test'] }, ...NO_ITEMS };
    const x = explainClaim({ tool: 'sendEmail', args, fields: [] }, dir, {
      effect: effectOf('sendEmail', args, lookups),
    });
    expect(x.flags.join(' ')).toMatch(/carla@g1obex\.test looks like globex\.test/);
    expect(x.what).toMatch(/outside your company/);
  });
  it('an answer to an invitation chosen among many names the invitation answered, then what it was chosen among', async () => {
    const world = loadWorld(readFileSync(DEMO, 'utf8'), DEMO);
    const plan = readFileSync(join(ATTACKS, '21-accept-intro-add-people.js'), 'utf8');
    const { report } = await simulate({ plan, world });
    const c = report.claims.find((x) => x.tool === 'respondToEvent')!;
    const x = explainIn(world, c, { timeZone: 'Europe/Berlin', locale: 'en-GB' });
    const answered = world.events.find((e) => e.id === c.args.id)!;
    const id = x.fields.find((f) => f.path === 'id')!;
    // The chip names the event the action answers, not the first one read.
    expect(id.provenance).toBe(
      `“${answered.title}” organised by ${bareAddress(answered.organizer)}, chosen among the 13 events your calendar returned`,
    );
    // One line of why: the invitation chosen and how many were read; each one read stays in the field's sentence.
    expect(x.why[0]).toBe(
      `Which invitation to answer, “${answered.title}” organised by ${bareAddress(answered.organizer)}, was chosen by reading the 13 events your calendar returned.`,
    );
    expect(id.sentence).toMatch(/and the event “/);
    // The answer is labelled as the event's details show it.
    expect(x.fields.find((f) => f.path === 'response')?.label).toBe('Going?');
  });
});
