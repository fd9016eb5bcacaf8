/**
 * Mail a machine or a list sent, synced from a real Dovecot: the header pass keeps its
 * Auto-Submitted, Precedence and List-Unsubscribe fields (and a no-reply Reply-To), and triage
 * files it FYI with no draft however plainly it asks for a reply; the same words from a person
 * still get one proposed.
 */
import { describe, expect, it } from 'vitest';
import { triageProfile } from '../../../main/assistant/triage';
import { dovecotMissing, rawMessage } from '../servers/dovecot';
import { addServerAccount, dovecotAndProfile, syncOnce } from './fixtures';

const ASKING = 'Could you reply to confirm? Can we meet on Tuesday at 14:30?';

/** A message from Bob's address that asks for a reply, with header fields after its Message-ID. */
const asking = (n: number, fields: readonly string[]) =>
  rawMessage({ n, from: 'Bob Lee <bob@example.test>', subject: `Question ${n}`, body: ASKING }).replace(
    `Message-ID: <m${n}@example.test>\r\n`,
    `Message-ID: <m${n}@example.test>\r\n${fields.map((f) => `${f}\r\n`).join('')}`,
  );

describe.skipIf(dovecotMissing())('automated and list mail from a real server', () => {
  const env = dovecotAndProfile();

  it('is synced with its header fields and triaged FYI with no draft', async () => {
    const raws = {
      auto: asking(1, ['Auto-Submitted: auto-generated']),
      bulk: asking(2, ['Precedence: bulk']),
      list: asking(3, ['List-Unsubscribe: <mailto:leave@example.test>']),
      replyTo: asking(4, ['Reply-To: Notices <do-not-reply@example.test>']),
      person: asking(5, []),
    };
    env.server.writeMaildir(
      'INBOX',
      Object.values(raws).map((raw) => ({ raw })),
    );
    const account = await addServerAccount(env.p, env.server);
    // Headers first: the listing already knows; triage completes the bodies it reads.
    await syncOnce(env.p, { headersOnly: true });
    const bySubject = new Map(
      env.p.repos.messages
        .page({ accountId: account.id, folder: 'INBOX' })
        .items.map((m) => [m.subject, env.p.repos.messages.get(m.id)!]),
    );
    expect(bySubject.get('Question 1')!.machineHeaders).toEqual({ autoSubmitted: 'auto-generated' });

    const r = await triageProfile(env.p, { account });
    const of = (n: number) => r.emails.find((e) => e.id === bySubject.get(`Question ${n}`)!.id)!;
    for (const n of [1, 2, 3, 4]) {
      expect(of(n).category, `Question ${n}`).toBe('fyi');
      expect(of(n).draftId, `Question ${n}`).toBeUndefined();
      expect(of(n).claimIds, `Question ${n}`).toEqual([]);
    }
    expect(['needs-reply', 'meeting']).toContain(of(5).category);
    expect(of(5).draftId ?? of(5).claimIds[0]).toBeDefined();
    expect(env.p.repos.messages.get(of(1).id)!.machineHeaders).toEqual({ autoSubmitted: 'auto-generated' });
  }, 120_000);
});
