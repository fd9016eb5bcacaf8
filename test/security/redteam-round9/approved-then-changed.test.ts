/**
 * Red-team round 9: what can change between a person's approval and the commit.
 *
 * A claim's hash is its effect's (engine/tools/effect.ts), worked out from the profile: the
 * email a reply answers (its sender, To and Cc for reply-all, its thread's Message-IDs), a
 * forward's attachments by content, an event's stored fields and attendees. Between "Approve"
 * and the commit (the undo window, a retry) the attacker can still move things the effect reads:
 * a message of theirs joins the thread, a re-synced message carries another Cc, an attachment's
 * file is replaced, the organiser changes the event on the server and a sync brings it in.
 * Property (held, STRICT and NORMAL): whatever changed, what leaves is exactly the approved
 * effect or nothing — the claim fails, the demo outbox holds nothing of it, the event keeps what
 * it had; with nothing changed the same claim commits exactly its effect. A stale fingerprint
 * (the hash a person saw before an edit, as `zamburak claims approve ID --hash` passes it) never
 * approves.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Mode } from '../../../engine';
import { effectHash, effectOf, type MailEffect } from '../../../engine/tools/effect';
import { outboxOf } from '../../../main/accounts/transports';
import { profileLookups } from '../../../main/mail/effect-lookups';
import type { Profile } from '../../../main/profile/profile';
import { runOnProfile } from '../../../main/runs/run-on-profile';
import { ClaimError, ClaimsService } from '../../../main/services/claims-service';
import { clock, scratchProfiles } from '../redteam-fixtures';

const scratchProfile = scratchProfiles('zamburak-r9-binding-');

/** A demo profile with one more attacker email (e90) that carries an attachment. */
function profile(): Profile {
  const p = scratchProfile();
  const e33 = p.repos.messages.get('e33')!;
  mkdirSync(p.files.attachments, { recursive: true });
  writeFileSync(join(p.files.attachments, 'e90-manifest.pdf'), 'the manifest as approved');
  p.repos.messages.upsert({
    ...e33,
    id: 'e90',
    messageId: '<e90@parcel-fast.test>',
    threadId: 't-e90',
    subject: 'Customs manifest',
    body: 'The manifest is attached.',
    attachments: [{ filename: 'manifest.pdf', contentType: 'application/pdf', path: 'e90-manifest.pdf' }],
  });
  return p;
}

interface Case {
  readonly plan: string;
  /** What the attacker (or a sync of what they changed) does after the approval. */
  readonly change: (p: Profile) => void;
}

const CASES: Record<string, Case> = {
  'a reply-all, then an attacker message joins the thread before it': {
    plan: `await replyToEmail('e33', { body: 'Noted.', replyAll: true });`,
    change: (p) => {
      const e33 = p.repos.messages.get('e33')!;
      p.repos.messages.upsert({
        ...e33,
        id: 'e91',
        messageId: '<e91@parcel-fast.test>',
        date: '2026-03-15T15:00:00Z',
        subject: 'Re: Shipping update',
      });
    },
  },
  'a reply-all, then the message it answers comes back from a sync with another Cc': {
    plan: `await replyToEmail('e33', { body: 'Noted.', replyAll: true });`,
    change: (p) => {
      const e33 = p.repos.messages.get('e33')!;
      p.repos.messages.upsert({ ...e33, cc: ['zed@attacker.test'] });
    },
  },
  "a forward, then the attachment's file is replaced": {
    plan: `await forwardEmail('e90', { to: ['bob@acme.test'] });`,
    change: (p) => writeFileSync(join(p.files.attachments, 'e90-manifest.pdf'), 'another manifest'),
  },
  'an update the attacker’s email wrote, then a sync brings the event with another attendee': {
    plan: `const m = await getEmail('e33');\nawait updateEvent('ev10', { location: m.subject });`,
    change: (p) => {
      const ev = p.repos.calendar.get('ev10')!;
      p.repos.calendar.upsert(p.primaryAccount().id, { ...ev, attendees: [...ev.attendees, 'zed@attacker.test'] });
    },
  },
};

async function approvedClaim(p: Profile, plan: string, mode: Mode): Promise<string> {
  const { report } = await runOnProfile(p, { plan, mode }, clock);
  expect(report.claims, report.error?.fullMessage).toHaveLength(1);
  const id = report.claims[0]!.id;
  p.claims.approve(id, { by: 'test', now: clock(), undoWindowMs: 0, transport: 'local', messageIdDomain: 'acme.test' });
  return id;
}

describe('red team round 9: an approved claim commits exactly what was approved, or nothing', () => {
  for (const mode of ['strict', 'normal'] as Mode[]) {
    for (const [name, c] of Object.entries(CASES)) {
      it(`[${mode}] ${name}: nothing leaves`, async () => {
        const p = profile();
        const id = await approvedClaim(p, c.plan, mode);
        const event = p.repos.calendar.get('ev10');
        c.change(p);
        const changedEvent = p.repos.calendar.get('ev10');
        const outcomes = await outboxOf(p, { clock }).processDue();
        expect(outcomes.map((o) => o.outcome)).toEqual(['failed']);
        expect(p.claims.get(id).state).toBe('failed');
        expect(p.repos.outgoing.sent().filter((s) => s.claimId === id)).toEqual([]);
        expect(p.repos.calendar.get('ev10')).toEqual(changedEvent);
        expect(changedEvent?.location).toBe(event?.location);
      });

      it(`[${mode}] control: ${name.split(',')[0]} with nothing changed commits exactly its effect`, async () => {
        const p = profile();
        const id = await approvedClaim(p, c.plan, mode);
        const claim = p.claims.get(id);
        const effect = effectOf(claim.action.tool, claim.action.args, profileLookups(p, p.primaryAccount()));
        expect(effectHash(effect)).toBe(claim.contentHash);
        expect((await outboxOf(p, { clock }).processDue()).map((o) => o.outcome)).toEqual(['sent']);
        expect(p.claims.get(id).state).toBe('committed');
        if (effect.kind === 'mail') {
          const [sent] = p.repos.outgoing.sent().filter((s) => s.claimId === id);
          const m = effect as MailEffect;
          expect(sent).toMatchObject({ to: m.to, cc: m.cc, subject: m.subject, body: m.body });
        } else expect(p.repos.calendar.get('ev10')?.location).toBe('Shipping update: action required');
      });
    }
  }

  it('a stale fingerprint never approves: the hash shown before an edit, or any other', async () => {
    const p = profile();
    const { report } = await runOnProfile(p, { plan: CASES[Object.keys(CASES)[0]!]!.plan }, clock);
    const id = report.claims[0]!.id;
    const svc = new ClaimsService(p, undefined, clock);
    const shown = svc.get(id).contentHash;
    svc.edit(id, { body: 'Noted, thanks.' }, { by: 'app', expectedHash: shown });
    expect(() => svc.approve(id, { by: 'cli', expectedHash: shown })).toThrow(ClaimError);
    expect(() => svc.approve(id, { by: 'cli', expectedHash: `sha256:${'0'.repeat(64)}` })).toThrow(ClaimError);
    expect(svc.get(id).state).toBe('pending');
    expect(svc.outbox.entry(id)).toBeUndefined();
  });
});
