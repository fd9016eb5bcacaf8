/**
 * What a run did not write, over a profile: the residue (docs/semantics.md §3c) is kept in the
 * real SQLite file per account and collection, and the next run — in this thread or in the
 * engine worker, after the profile was closed and opened again — reads the collection under it.
 * Two profiles differ only in the attacker's email (e33's subject); run 1 creates a hold only
 * when that email says "Shipping"; run 2 archives a colleague's email when the day is free.
 * What run 2 does on its own must be the same in both.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../../engine';
import { EngineHost } from '../../../main/engine-host/engine-host';
import { openProfile, type Profile } from '../../../main/profile/profile';
import { runOnProfile } from '../../../main/runs/run-on-profile';

const WRITE = `const e = await getEmail('e33'); if (e.subject.includes('Shipping')) { await createEvent({ title: 'Hold', start: '2026-03-30T10:00:00Z', end: '2026-03-30T11:00:00Z' }); }`;
const READ = `const busy = await getFreeBusy({ from: '2026-03-30T00:00:00Z', to: '2026-03-31T00:00:00Z' }); if (busy.length === 0) { await archiveEmail('e01'); }`;

const dirs: string[] = [];
function demoProfile(subject?: string): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'zamburak-residue-')), 'p');
  const p = openProfile(dir);
  if (subject !== undefined) p.db.prepare("UPDATE messages SET subject = ? WHERE id = 'e33'").run(subject);
  p.close();
  dirs.push(dir);
  return dir;
}

/** Runs each plan on the profile, closing and opening it again between runs. */
async function runs(dir: string, plans: readonly string[], engine?: EngineHost): Promise<RunReport[]> {
  const out: RunReport[] = [];
  for (const plan of plans) {
    const p: Profile = openProfile(dir);
    try {
      out.push((await runOnProfile(p, { plan, ...(engine ? { engine } : {}) })).report);
    } finally {
      p.close();
    }
  }
  return out;
}

const archived = (r: RunReport): string[] =>
  r.calls.filter((c) => c.tool === 'archiveEmail').map((c) => `${c.decision}${c.executed ? ' executed' : ''}`);

describe('the residue over a profile', () => {
  const engine = new EngineHost({ maxHeapMb: 256, graceMs: 3_000 });
  afterAll(() => engine.close());

  for (const where of ['this thread', 'the engine worker'] as const)
    it(`in ${where}, the attacker’s email decides nothing about the next run by not matching`, async () => {
      const worker = where === 'the engine worker' ? engine : undefined;
      const [a, b] = [
        await runs(demoProfile(), [WRITE, READ], worker),
        await runs(demoProfile('Hello'), [WRITE, READ], worker),
      ];
      for (const r of [...a, ...b]) expect(r.status, JSON.stringify(r.error)).toBe('completed');
      // With the hold, the day is busy: nothing to archive. Without it, the archive is asked.
      expect(archived(a[1]!)).toEqual([]);
      expect(archived(b[1]!)).toEqual(['confirm']);
    }, 120_000);

  it('keeps the residue in the store, for the collections the branches could write', () => {
    const p = openProfile(dirs[0]!);
    try {
      const residue = p.repos.residue.get(p.primaryAccount().id);
      // The hold's branch left one on the calendar; the archive's, decided by that calendar, on the mailbox.
      expect(Object.keys(residue).sort()).toEqual(['calendar', 'mailbox']);
      expect(residue.calendar?.untrusted).toContain('tool:getEmail:e33');
      expect(residue.mailbox?.untrusted).toContain('tool:getEmail:e33');
    } finally {
      p.close();
    }
  });

  it('a trusted-only sequence stores nothing and still acts without asking (control)', async () => {
    const dir = demoProfile();
    const [, second] = await runs(dir, [
      `if ((await now()).startsWith('1999')) { await createEvent({ title: 'Hold', start: '2026-03-30T10:00:00Z', end: '2026-03-30T11:00:00Z' }); }`,
      READ,
    ]);
    expect(archived(second!)).toEqual(['allow executed']);
    const p = openProfile(dir);
    try {
      expect(p.repos.residue.get(p.primaryAccount().id)).toEqual({});
    } finally {
      p.close();
    }
  }, 60_000);

  it('a routine per-item archive run leaves a residue, and the next one still archives on its own', async () => {
    const each = (words: readonly string[]): string =>
      `const xs = await listEmails({ folder: 'INBOX', limit: 50 }); for (const m of xs) { const s = m.subject.toLowerCase(); if (${words.map((w) => `s.includes('${w}')`).join(' || ')}) { await archiveEmail(m.id); } }`;
    const newsletters = each(['week', 'digest', 'newsletter']);
    const receipts = each(['receipt', 'invoice', 'order']);
    const dir = demoProfile();
    const [first, second] = await runs(dir, [newsletters, receipts]);
    const [fresh] = await runs(demoProfile(), [receipts]);
    const p = openProfile(dir);
    try {
      // Each subject decided whether its email was archived: the mailbox keeps that.
      expect(p.repos.residue.get(p.primaryAccount().id).mailbox?.untrusted.length).toBeGreaterThan(0);
    } finally {
      p.close();
    }
    expect(archived(first!).length).toBeGreaterThan(0);
    expect(archived(second!).length).toBeGreaterThan(0);
    expect(archived(second!)).toEqual(archived(fresh!));
    expect(new Set([...archived(first!), ...archived(second!)])).toEqual(new Set(['allow executed']));
  }, 120_000);

  it('fails clearly on a stored residue that is not a label', () => {
    const dir = demoProfile();
    const p = openProfile(dir);
    try {
      const id = p.primaryAccount().id;
      p.db.prepare("INSERT INTO residue (account_id, collection, label) VALUES (?, 'calendar', '[1]')").run(id);
      expect(() => p.repos.residue.get(id)).toThrow(
        `residue of account ${id}, collection "calendar": expected a label {sources, untrusted, readers, caps}, found [1]`,
      );
      p.db.prepare("UPDATE residue SET collection = 'inbox' WHERE account_id = ?").run(id);
      expect(() => p.repos.residue.get(id)).toThrow(
        /collection "inbox": expected one of mailbox, calendar, sent, drafts/,
      );
    } finally {
      p.close();
    }
  });
});
