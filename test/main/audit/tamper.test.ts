/**
 * The audit log from the attacker's side: rows are edited, inserted, deleted, reordered and
 * truncated directly in the database file (a separate SQLite connection, as anyone with the file
 * could), the sealed head is removed or rolled back, and each is detected and named. A run of
 * the CLI shows the exit code and the message a person sees.
 */
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { chainHash } from '../../../engine/audit/chain';
import { openProfile } from '../../../main/profile/profile';
import { runOnProfile } from '../../../main/runs/run-on-profile';

const ROOT = process.cwd();
let pristine: string;

beforeAll(async () => {
  pristine = join(mkdtempSync(join(tmpdir(), 'zamburak-tamper-')), 'profile');
  const p = openProfile(pristine);
  for (const f of ['02-summarize-unread.js', '01-reply-to-bob.js', '09-todays-agenda.js'])
    await runOnProfile(p, { plan: readFileSync(join(ROOT, 'resources/demo-plans', f), 'utf8') });
  expect(p.audit.verify().ok).toBe(true);
  p.close();
}, 60_000);

/** A fresh copy of the profile, tampered with by `f` through its own connection. */
function tampered(f: (db: Database.Database, dir: string) => void): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'zamburak-tamper-')), 'profile');
  cpSync(pristine, dir, { recursive: true });
  const db = new Database(join(dir, 'zamburak.db'));
  f(db, dir);
  db.close();
  return dir;
}

function verify(dir: string) {
  const p = openProfile(dir, { create: false });
  try {
    return p.audit.verify();
  } finally {
    p.close();
  }
}

const rows = (db: Database.Database) =>
  db.prepare('SELECT seq, body, prev_hash, hash, mac FROM audit_log ORDER BY seq').all() as {
    seq: number;
    body: string;
    prev_hash: string;
    hash: string;
    mac: string;
  }[];

describe('audit log tampering is detected and named', () => {
  it('the untouched log verifies', () => {
    expect(verify(tampered(() => {}))).toMatchObject({ ok: true });
  });

  it('an edited entry (content changed, hash kept)', () => {
    const dir = tampered((db) => {
      const r = rows(db)[5]!;
      db.prepare('UPDATE audit_log SET body = ? WHERE seq = ?').run(r.body.replace('"kind":"', '"kind":"x'), r.seq);
    });
    expect(verify(dir).problem).toMatchObject({ seq: 6, kind: 'edited' });
  });

  it('an edited entry whose hash and every later hash were recomputed (no key): forged', () => {
    const dir = tampered((db) => {
      const all = rows(db);
      let prev = all[3]!.prev_hash;
      for (const r of all.slice(3)) {
        const body = r.seq === 4 ? r.body.replace('"at":"', '"at":"1') : r.body;
        const hash = chainHash(prev, body);
        db.prepare('UPDATE audit_log SET body = ?, prev_hash = ?, hash = ? WHERE seq = ?').run(body, prev, hash, r.seq);
        prev = hash;
      }
    });
    expect(verify(dir).problem).toMatchObject({ seq: 4, kind: 'forged' });
  });

  it('a deleted entry', () => {
    const dir = tampered((db) => db.prepare('DELETE FROM audit_log WHERE seq = 7').run());
    expect(verify(dir).problem).toMatchObject({ seq: 7, kind: 'deleted' });
  });

  it('a deleted entry with the later ones renumbered to close the gap', () => {
    const dir = tampered((db) => {
      db.prepare('DELETE FROM audit_log WHERE seq = 7').run();
      const max = (db.prepare('SELECT max(seq) AS m FROM audit_log').get() as { m: number }).m;
      for (let s = 8; s <= max; s++) db.prepare('UPDATE audit_log SET seq = ? WHERE seq = ?').run(s - 1, s);
    });
    expect(verify(dir).problem).toMatchObject({ seq: 7, kind: 'deleted' });
  });

  it('an inserted entry (later ones renumbered to make room)', () => {
    const dir = tampered((db) => {
      const all = rows(db);
      for (let s = all.length; s >= 5; s--) db.prepare('UPDATE audit_log SET seq = ? WHERE seq = ?').run(s + 1, s);
      const before = all[3]!;
      const body = before.body.replace(`"seq":4`, `"seq":5`);
      db.prepare(
        `INSERT INTO audit_log (seq, at, kind, body, prev_hash, hash, mac) VALUES (5, 'x', 'claim.approved', ?, ?, ?, ?)`,
      ).run(body, before.hash, chainHash(before.hash, body), before.mac);
    });
    const p = verify(dir).problem!;
    expect(p.kind).toBe('inserted');
    expect([4, 5]).toContain(p.seq);
  });

  it('an entry appended past the sealed head', () => {
    const dir = tampered((db) => {
      const all = rows(db);
      const last = all[all.length - 1]!;
      const seq = last.seq + 1;
      const body = JSON.stringify({ at: 'x', data: {}, kind: 'claim.approved', seq });
      db.prepare(
        `INSERT INTO audit_log (seq, at, kind, body, prev_hash, hash, mac) VALUES (?, 'x', 'claim.approved', ?, ?, ?, ?)`,
      ).run(seq, body, last.hash, chainHash(last.hash, body), last.mac);
    });
    expect(verify(dir).problem).toMatchObject({ kind: 'inserted' });
  });

  it('two entries swapped', () => {
    const dir = tampered((db) => {
      const all = rows(db);
      const [a, b] = [all[8]!, all[9]!];
      db.prepare('UPDATE audit_log SET seq = -1 WHERE seq = ?').run(a.seq);
      db.prepare('UPDATE audit_log SET seq = ? WHERE seq = ?').run(a.seq, b.seq);
      db.prepare('UPDATE audit_log SET seq = ? WHERE seq = -1').run(b.seq);
    });
    expect(verify(dir).problem).toMatchObject({ seq: 9, kind: 'reordered' });
  });

  it('a truncated tail', () => {
    const dir = tampered((db) => {
      const max = (db.prepare('SELECT max(seq) AS m FROM audit_log').get() as { m: number }).m;
      db.prepare('DELETE FROM audit_log WHERE seq > ?').run(max - 3);
    });
    const r = verify(dir);
    expect(r.problem).toMatchObject({ kind: 'truncated' });
    expect(r.problem!.message).toMatch(/sealed/);
  });

  it('the sealed head removed', () => {
    const dir = tampered((_db, d) => rmSync(join(d, 'keys', 'audit.head')));
    expect(verify(dir).problem).toMatchObject({ kind: 'head' });
  });

  it('a forged head (its sequence number changed without the key) is refused', () => {
    const dir = tampered((_db, d) => {
      const head = JSON.parse(readFileSync(join(d, 'keys', 'audit.head'), 'utf8')) as { seq: number };
      writeFileSync(join(d, 'keys', 'audit.head'), JSON.stringify({ ...head, seq: head.seq - 2 }));
    });
    expect(verify(dir).problem).toMatchObject({ kind: 'head' });
  });

  // Opening and closing a profile (any command, `audit verify` itself) seals the head: it must
  // never seal a new one over a head that is missing or not ours, or the next verify would call
  // a log whose tail was cut and whose head was removed intact.
  it('a removed head stays reported however often the profile is opened, and after an append', () => {
    const dir = tampered((db, d) => {
      db.prepare('DELETE FROM audit_log WHERE seq > 5').run();
      rmSync(join(d, 'keys', 'audit.head'));
    });
    expect(verify(dir).problem).toMatchObject({ kind: 'head' });
    expect(verify(dir).problem).toMatchObject({ kind: 'head' });
    const p = openProfile(dir, { create: false });
    p.audit.append({ kind: 'settings.changed', data: { key: 'theme' } });
    p.close();
    expect(verify(dir).ok).toBe(false);
  });

  it('a forged head behind the log stays reported however often the profile is opened', () => {
    const dir = tampered((_db, d) => {
      const head = JSON.parse(readFileSync(join(d, 'keys', 'audit.head'), 'utf8')) as { seq: number };
      writeFileSync(join(d, 'keys', 'audit.head'), JSON.stringify({ ...head, seq: head.seq - 2 }));
    });
    expect(verify(dir).problem).toMatchObject({ kind: 'head' });
    expect(verify(dir).problem).toMatchObject({ kind: 'head' });
  });

  it('the CLI exits 1 and names the entry', () => {
    const dir = tampered((db) => db.prepare('DELETE FROM audit_log WHERE seq = 7').run());
    const r = spawnSync(
      process.execPath,
      [join(ROOT, 'apps/cli/bin/zamburak.mjs'), 'audit', 'verify', '--profile', dir],
      {
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/entry 7 \(deleted\)/);
    const ok = spawnSync(
      process.execPath,
      [join(ROOT, 'apps/cli/bin/zamburak.mjs'), 'audit', 'verify', '--profile', tampered(() => {}), '--json'],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ ok: true });
  }, 60_000);
});
