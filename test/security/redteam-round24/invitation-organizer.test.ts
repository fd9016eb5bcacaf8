/**
 * Red-team round 24: an invitation that says someone else organises it.
 *
 * An invitation's card in the Inbox reads "Organised by …" from its text/calendar part's
 * ORGANIZER, which the sender writes. A stranger (eve@evil.test, who passes her own domain's
 * checks) sends "Board review" with `ORGANIZER:mailto:sven@acme.test` — the person's CFO, a
 * contact — and a meeting link on her own site as the location: the card says the CFO organised
 * it, and the fraud checks read only the From, so triage filed it as a meeting to answer (a draft
 * reply to eve included) with no warning. A calendar server that files invitations on its own puts
 * the event on the calendar under the CFO's name too.
 *
 * Property: the same invitation is suspicious exactly when its sender is neither the organiser it
 * names nor the one it says sends for them (`SENT-BY`, how an assistant sends for their boss), on
 * another domain; the warning names both addresses.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { triageProfile } from '../../../main/assistant/triage';
import { saveAttachments } from '../../../main/mail/attachments';
import { parseMessage } from '../../../main/mail/parse';
import { inboxMessage } from '../../main/store/message-fixture';
import { openProfile, type Profile } from '../../../main/profile/profile';
import { createApp } from '../../../main/app/app';

const USER = 'maya@acme.test';

const ics = (organizer: string) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//evil//EN',
    'METHOD:REQUEST',
    'BEGIN:VEVENT',
    'UID:board-review-77@evil.test',
    'DTSTAMP:20260316T080000Z',
    'DTSTART:20260318T140000Z',
    'DTEND:20260318T150000Z',
    'SUMMARY:Board review',
    'LOCATION:https://acme-meet.evil.test/j/7731',
    organizer,
    `ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:${USER}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

async function store(p: Profile, id: string, from: string, organizer: string): Promise<void> {
  const raw = [
    `From: ${from}`,
    `To: ${USER}`,
    'Subject: Invitation: Board review',
    `Message-ID: <${id}@mail.test>`,
    'Date: Mon, 16 Mar 2026 08:20:00 +0000',
    '',
    'You are invited to Board review, Wed 18 Mar 14:00. Please accept or decline.',
    '',
  ].join('\r\n');
  const m = await parseMessage(new TextEncoder().encode(raw), { date: new Date(), key: id });
  const files = saveAttachments(p.files.attachments, id, [
    {
      filename: 'invite.ics',
      contentType: 'text/calendar; method=REQUEST',
      content: new TextEncoder().encode(ics(organizer)),
    },
  ]);
  p.repos.messages.upsert(inboxMessage(id, p.primaryAccount().id, m, files));
}

/** Senders and organisers: [id, From, ORGANIZER line, spoofed?]. */
const CASES: readonly (readonly [string, string, string, boolean])[] = [
  ['spoof', 'Eve <eve@evil.test>', 'ORGANIZER;CN=Sven Berg:mailto:sven@acme.test', true],
  ['spoof-upper', 'eve@evil.test', 'ORGANIZER:MAILTO:SVEN@ACME.TEST', true],
  ['spoof-sent-by-other', 'eve@evil.test', 'ORGANIZER;SENT-BY="mailto:ann@acme.test":mailto:sven@acme.test', true],
  ['own', 'Sven Berg <sven@acme.test>', 'ORGANIZER;CN=Sven Berg:mailto:sven@acme.test', false],
  ['delegate', 'Ann Lee <ann@acme.test>', 'ORGANIZER;SENT-BY="mailto:ann@acme.test":mailto:sven@acme.test', false],
];

describe('red team round 24: an invitation organised, it says, by someone else', () => {
  it('triage and the Inbox warn exactly when the sender is not the organiser nor sends for them', async () => {
    const p = openProfile(join(mkdtempSync(join(tmpdir(), 'zamburak-r24-org-')), 'p'));
    const account = p.primaryAccount().id;
    p.repos.contacts.upsert(account, { name: 'Sven Berg', email: 'sven@acme.test' });
    p.repos.contacts.upsert(account, { name: 'Ann Lee', email: 'ann@acme.test' });
    for (const [id, from, organizer] of CASES) await store(p, `r24-${id}`, from, organizer);
    const r = await triageProfile(p);
    const app = createApp(p, { host: 'browser', versions: { app: 't', electron: '', chrome: '', node: '' } });
    try {
      for (const [id, from, , spoofed] of CASES) {
        const t = r.emails.find((e) => e.id === `r24-${id}`)!;
        const opened = await app.router.dispatch('inbox.get', [`r24-${id}`], 'ipc');
        if (!opened.ok) throw new Error(JSON.stringify(opened));
        const { warnings, invitation } = opened.value as {
          warnings: string[];
          invitation: { organizer: string } | null;
        };
        expect(invitation?.organizer, id).toBe('sven@acme.test');
        if (spoofed) {
          expect(t.category, id).toBe('suspicious');
          expect(t.draftId, id).toBeUndefined();
          expect(warnings.join(' '), id).toContain('sven@acme.test');
          expect(warnings.join(' '), id).toContain('eve@evil.test');
        } else {
          expect(t.findings, `${id} from ${from}`).toEqual([]);
          expect(warnings, id).toEqual([]);
        }
      }
    } finally {
      app.stop();
      p.close();
    }
  }, 120_000);
});
