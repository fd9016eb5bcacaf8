/**
 * The Audit's filters in words on a large log: 100,000 entries in a real SQLite profile. The
 * lists a filter in words reads (every tool, rule and source the log names) and a filtered page
 * come back whole and right; entries appended later join the lists, and an entry rolled back
 * leaves them. (No timing asserts: the lists are kept up as the log grows, not rescanned.)
 */
import { describe, expect, it } from 'vitest';
import type { AuditRow } from '../../../preload/contract';
import { demoApp } from './app-fixture';

const ENTRIES = 100_000;
const RULES = ['read/allow', 'egress/trusted', 'egress/untrusted-recipient', 'organize/self-scoped'];
const TOOLS = ['searchEmails', 'getEmail', 'sendEmail', 'archiveEmail', 'listEvents'];

let named4242 = 0;
const demo = demoApp({
  prepare(p) {
    // Bulk rows as the log holds them, in one transaction; the chain is not what is tested here.
    const [m] = p.repos.messages.page({ folder: 'INBOX', limit: 1 }).items;
    p.db.transaction(() => {
      for (let i = 0; i < ENTRIES; i++) {
        const seq = p.audit.append({
          kind: 'call.decided',
          tool: TOOLS[i % TOOLS.length]!,
          decision: 'allow',
          rule: RULES[i % RULES.length]!,
          // Most entries name an email of their own (ids the store does not hold); one names a
          // real message, so its subject can find it.
          sources: i === 4242 ? [`tool:getEmail:${m!.id}`] : [`tool:searchEmails:x${i % 5000}#listed`, 'user'],
          data: {},
        });
        if (i === 4242) named4242 = seq;
      }
    })();
  },
});

describe('audit filters on 100,000 entries', () => {
  it('lists every tool, rule and source the log names, and keeps them up as it grows', () => {
    const p = demo.profile;
    const named = p.audit.named();
    expect(new Set(named.tools)).toEqual(new Set(TOOLS));
    expect(new Set(named.rules)).toEqual(new Set(RULES));
    expect(named.sources.length).toBe(5000 + 2);

    p.audit.append({ kind: 'call.decided', tool: 'forwardEmail', rule: 'forward/original-content', data: {} });
    expect(p.audit.named().tools).toContain('forwardEmail');
    expect(p.audit.named().rules).toContain('forward/original-content');

    // An entry rolled back is not in the lists; what is appended in its place is.
    try {
      p.db.transaction(() => {
        p.audit.append({
          kind: 'call.decided',
          tool: 'deleteEmail',
          rule: 'delete/confirm',
          sources: ['gone'],
          data: {},
        });
        expect(p.audit.named().tools).toContain('deleteEmail');
        throw new Error('roll back');
      })();
    } catch (e) {
      expect((e as Error).message).toBe('roll back');
    }
    p.audit.append({ kind: 'call.decided', tool: 'markRead', rule: 'organize/self-scoped', data: {} });
    const after = p.audit.named();
    expect(after.tools).toContain('markRead');
    expect(after.tools).not.toContain('deleteEmail');
    expect(after.sources).not.toContain('gone');
  });

  it('answers a filtered page in words, right, over the whole log', async () => {
    const page = async (q: object) => (await demo.call('audit.list', q)) as AuditRow[];
    const sent = await page({ tool: 'sending an email', limit: 50 });
    expect(sent).toHaveLength(50);
    expect(sent.every((r) => r.tool === 'sendEmail')).toBe(true);
    expect(sent[0]!.seq).toBeGreaterThan(sent[49]!.seq);

    const byRule = await page({ rule: 'organize/self', tool: 'archiveEmail', limit: 20 });
    // Rules cycle every 4 entries, tools every 5: both hold on one entry in 20.
    expect(byRule).toHaveLength(20);
    expect(byRule.every((r) => r.rule === 'organize/self-scoped' && r.tool === 'archiveEmail')).toBe(true);
    expect(byRule[0]!.seq - byRule[1]!.seq).toBe(20);

    const [m] = demo.profile.repos.messages.page({ folder: 'INBOX', limit: 1 }).items;
    const bySubject = await page({ source: m!.subject });
    expect(bySubject.map((r) => r.seq)).toEqual([named4242]);
    expect(await page({ source: 'no email is called this' })).toEqual([]);
  });
});
