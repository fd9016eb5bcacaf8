/**
 * Red-team round 24: an invoice that is a program or a web page.
 *
 * The commonest way mail gets a password or a foothold is not a link but an attachment the
 * person opens from their downloads: `INV-4471.pdf.html` (a sign-in page that posts the password
 * to the sender), `Remittance.htm`, `Invoice.pdf.exe`, `statement.iso`, `scan.js`. The text around
 * it is as dull as an ordinary invoice ("Please find the invoice attached."), so no content check
 * fires, and the sender may be a real, authenticated contact whose mailbox was taken over.
 *
 * Property: two messages that differ only in what they attach — an ordinary document, or a file
 * that runs or opens as a web page when the person opens it — are not triaged the same: the second
 * is `suspicious`, with a reason naming the kind of file (never the sender's file name, which is
 * text the sender wrote), and carries the Inbox's warning. The control (a PDF, a spreadsheet, an
 * invitation, a photo) carries none.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fraudFindings, type FraudContext } from '../../../engine/fraud';
import { triageProfile } from '../../../main/assistant/triage';
import { parseMessage } from '../../../main/mail/parse';
import { inboxMessage } from '../../main/store/message-fixture';
import { openProfile, type Profile } from '../../../main/profile/profile';

const USER = 'maya@acme.test';
const CTX: FraudContext = {
  contacts: [{ name: 'Hana Kim', email: 'hana@printworks.test' }],
  user: { name: 'Maya Lind', addresses: [USER] },
};

/** Files that run, or open in a browser as a page, when opened from the file manager. */
const DANGEROUS: readonly { filename: string; contentType: string }[] = [
  { filename: 'INV-4471.pdf.html', contentType: 'text/html' },
  { filename: 'INV-4471.pdf.html', contentType: 'application/pdf' },
  { filename: 'Remittance advice.htm', contentType: 'application/octet-stream' },
  { filename: 'Invoice.PDF.exe', contentType: 'application/octet-stream' },
  { filename: 'statement.iso', contentType: 'application/octet-stream' },
  { filename: 'scan_0042.js', contentType: 'application/javascript' },
  { filename: 'payment.vbs', contentType: 'text/plain' },
  { filename: 'Invoice.hta', contentType: 'application/hta' },
  { filename: 'invoice.svg', contentType: 'image/svg+xml' },
  { filename: 'shared-document.lnk', contentType: 'application/octet-stream' },
  { filename: 'Invoice   .pdf .scr', contentType: 'application/octet-stream' },
  { filename: 'invoice', contentType: 'text/html; charset=utf-8' },
];

/** What ordinary business mail attaches. */
const ORDINARY: readonly { filename: string; contentType: string }[] = [
  { filename: 'INV-4471.pdf', contentType: 'application/pdf' },
  { filename: 'Q3 figures.xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  { filename: 'invite.ics', contentType: 'text/calendar' },
  { filename: 'photo.jpg', contentType: 'image/jpeg' },
  { filename: 'notes.txt', contentType: 'text/plain' },
  { filename: 'contract.docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
];

const mail = (attachments: readonly { filename: string; contentType: string }[]) => ({
  from: 'Hana Kim <hana@printworks.test>',
  replyTo: null,
  subject: 'Invoice INV-4471',
  body: 'Hi Maya,\n\nPlease find the invoice attached.\n\nHana',
  auth: 'pass' as const,
  attachments,
});

async function store(p: Profile, id: string, attachments: readonly { filename: string; contentType: string }[]) {
  const raw = [
    'From: Hana Kim <hana@printworks.test>',
    `To: ${USER}`,
    'Subject: Invoice INV-4471',
    `Message-ID: <${id}@printworks.test>`,
    'Date: Mon, 16 Mar 2026 08:20:00 +0000',
    '',
    'Hi Maya,',
    '',
    'Please find the invoice attached.',
    '',
    'Hana',
    '',
  ].join('\r\n');
  const m = await parseMessage(new TextEncoder().encode(raw), { date: new Date(), key: id });
  p.repos.messages.upsert(
    inboxMessage(
      id,
      p.primaryAccount().id,
      m,
      attachments.map((a) => ({ ...a, size: 48_213 })),
    ),
  );
}

describe('red team round 24: an attachment that runs or opens as a web page', () => {
  it('property: the same invoice mail is suspicious exactly when its attachment is a program or a page', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DANGEROUS),
        fc.subarray([...ORDINARY], { minLength: 0, maxLength: 3 }),
        (bad, others) => {
          const findings = fraudFindings(mail([...others, bad]), CTX);
          expect(findings.map((f) => f.kind)).toEqual(['dangerous-attachment']);
          // The reason names the kind of file, never the sender's words.
          expect(findings[0]!.reason).not.toContain('INV-4471');
          expect(findings[0]!.reason).not.toContain('Remittance');
          expect(fraudFindings(mail(others), CTX)).toEqual([]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('over a profile: triage files the invoice with a page or a program attached as suspicious, not FYI', async () => {
    const p = openProfile(join(mkdtempSync(join(tmpdir(), 'zamburak-rt24-')), 'p'));
    await store(p, 'rt24-page', [{ filename: 'INV-4471.pdf.html', contentType: 'text/html' }]);
    await store(p, 'rt24-exe', [{ filename: 'Invoice.pdf.exe', contentType: 'application/octet-stream' }]);
    await store(p, 'rt24-pdf', [{ filename: 'INV-4471.pdf', contentType: 'application/pdf' }]);
    const r = await triageProfile(p);
    const of = (id: string) => r.emails.find((e) => e.id === id)!;
    for (const id of ['rt24-page', 'rt24-exe']) {
      expect(of(id).category, id).toBe('suspicious');
      expect(
        of(id).findings.map((f) => f.kind),
        id,
      ).toContain('dangerous-attachment');
      expect(of(id).draftId, id).toBeUndefined();
    }
    expect(of('rt24-pdf').category).not.toBe('suspicious');
    expect(of('rt24-pdf').findings).toEqual([]);
    p.close();
  }, 120_000);
});
