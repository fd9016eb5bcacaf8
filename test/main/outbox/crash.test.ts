/**
 * Exactly-once across crashes: a real child process approves claims and commits them through a
 * real SMTP server on loopback, and is killed with SIGKILL at many points — by timers spread
 * over its work, and by the SMTP server itself the instant it has accepted a message's data but
 * before it answers (the worst moment: the message is out, the sender never hears so). After
 * each kill the child is restarted until it finishes. Then: every claim was delivered exactly
 * once, no acknowledged approval was lost, every claim is committed, and the audit chain verifies.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grid } from '../../setup/budget';
import { bundledChild } from '../../setup/child-bundle';
import { openProfile } from '../../../main/profile/profile';
import { sendAction, sentFile } from './fixtures';

/** The child, bundled once for the file (test/setup/child-bundle.ts): a start transpiles nothing. */
let CHILD = '';
const CLAIMS = 5;

interface Server {
  port: number;
  deliveries: Map<string, number>;
  /** Kill this child when the server has accepted the nth message's data (1-based), once. */
  killOnData?: { n: number; child: () => ChildProcess | undefined };
  sentDir: string;
  close(): Promise<void>;
}

let server: Server;

beforeAll(async () => {
  CHILD = await bundledChild(join(import.meta.dirname, 'crash-child.ts'));
  const deliveries = new Map<string, number>();
  let accepted = 0;
  const s: Server = {
    port: 0,
    deliveries,
    sentDir: '',
    close: () => new Promise((r) => smtp.close(() => r())),
  };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('error', () => {}); // the sender died mid-message: nothing was accepted
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const mid = /^Message-ID:\s*(.+)$/im.exec(raw.toString('utf8'))?.[1]?.trim() ?? '';
        deliveries.set(mid, (deliveries.get(mid) ?? 0) + 1);
        // The provider files what it accepted in Sent before it answers.
        writeFileSync(sentFile(s.sentDir, mid), raw);
        accepted++;
        const k = s.killOnData;
        if (k && accepted === k.n) {
          s.killOnData = undefined;
          k.child()?.kill('SIGKILL');
          return; // never answer: the sender dies not knowing
        }
        callback();
      });
    },
  });
  // A sender killed mid-conversation resets its connection: expected here, not a failure.
  smtp.on('error', () => {});
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
  s.port = (smtp.server.address() as { port: number }).port;
  server = s;
  const reset = () => {
    accepted = 0;
  };
  (server as Server & { reset: () => void }).reset = reset;
});

afterAll(() => server.close());

function setup(): { dbPath: string; ids: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'zamburak-crash-'));
  server.sentDir = join(dir, 'sent');
  mkdirSync(server.sentDir);
  server.deliveries.clear();
  (server as Server & { reset: () => void }).reset();
  const dbPath = join(dir, 'profile');
  const profile = openProfile(dbPath);
  const claims = profile.claims;
  const ids: string[] = [];
  for (let i = 1; i <= CLAIMS; i++) {
    const id = `claim-${i}`;
    claims.create({
      id,
      seq: i,
      action: sendAction(i),
      rule: 'egress/untrusted-recipient',
      reasons: ['test'],
      risk: 'high',
      fields: [],
      context: {},
      createdAt: new Date(Date.UTC(2026, 10, 24, 9, 0, i)).toISOString(),
    });
    ids.push(id);
  }
  profile.close();
  return { dbPath, ids };
}

interface ChildRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  approved: string[];
}

/** Runs the child; `killAfterMs` (from its "ready" line) kills it by timer. */
function runChild(dbPath: string, args: string[], killAfterMs?: number, onSpawn?: (c: ChildProcess) => void) {
  return new Promise<ChildRun>((resolve) => {
    const child = spawn(process.execPath, [CHILD, dbPath, server.sentDir, String(server.port), ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    onSpawn?.(child);
    const approved: string[] = [];
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      for (const line of out.split('\n').slice(0, -1)) {
        if (line === 'ready' && killAfterMs !== undefined) setTimeout(() => child.kill('SIGKILL'), killAfterMs);
        if (line.startsWith('approved ')) approved.push(line.slice(9));
      }
      out = out.slice(out.lastIndexOf('\n') + 1);
    });
    child.on('exit', (code, signal) => resolve({ code, signal, approved }));
  });
}

function states(dir: string): Map<string, string> {
  const p = openProfile(dir, { create: false });
  const rows = p.claims.list({ limit: 500 });
  p.close();
  return new Map(rows.map((r) => [r.id, r.state]));
}

/** After a crash: acknowledged approvals survived; then restart (no more kills) until done. */
async function recover(dbPath: string, acknowledged: readonly string[], ids: readonly string[]): Promise<void> {
  const after = states(dbPath);
  for (const id of acknowledged) expect(after.get(id), `approval of ${id} was acknowledged`).not.toBe('pending');
  // Approvals that were never acknowledged may or may not have happened; the person retries them.
  const pending = ids.filter((id) => after.get(id) === 'pending');
  const r = await runChild(dbPath, pending.length ? ['approve', ...pending] : ['drain']);
  expect(r.code).toBe(0);
}

function expectExactlyOnce(dir: string): void {
  expect([...server.deliveries.values()]).toEqual(Array(CLAIMS).fill(1));
  expect([...states(dir).values()]).toEqual(Array(CLAIMS).fill('committed'));
  // The audit chain survived every crash intact.
  const p = openProfile(dir, { create: false });
  const v = p.audit.verify();
  p.close();
  expect(v.problem).toBeUndefined();
  expect(v.ok).toBe(true);
}

describe('outbox crash safety (SIGKILL against a real SMTP server)', () => {
  it('the server kills the sender right after accepting each message: no duplicate, nothing lost', async () => {
    for (let n = 1; n <= CLAIMS; n++) {
      const { dbPath, ids } = setup();
      let child: ChildProcess | undefined;
      server.killOnData = { n, child: () => child };
      const r = await runChild(dbPath, ['approve', ...ids], undefined, (c) => (child = c));
      expect(r.signal).toBe('SIGKILL');
      await recover(dbPath, r.approved, ids);
      expectExactlyOnce(dbPath);
    }
  }, 120_000);

  it('timed kills across approving and committing: no duplicate, no lost approval', async () => {
    // Spread over the child's work: before, during and after the approvals and the sends. Each is
    // two starts of the child (killed, then recovering); `npm run fuzz` kills at every point.
    for (const ms of grid([0, 5, 20, 50, 200], [0, 2, 5, 10, 20, 35, 50, 80, 120, 200])) {
      const { dbPath, ids } = setup();
      const r = await runChild(dbPath, ['approve', ...ids], ms);
      if (r.code !== 0) await recover(dbPath, r.approved, ids);
      expectExactlyOnce(dbPath);
    }
  }, 120_000);

  it('kills in a row: several crashes of the same commit sequence still send each message once', async () => {
    const { dbPath, ids } = setup();
    let r = await runChild(dbPath, ['approve', ...ids], 15);
    for (const ms of [3, 8, 13, 21]) {
      if (r.code === 0) break;
      const acknowledged = r.approved;
      const after = states(dbPath);
      for (const id of acknowledged) expect(after.get(id)).not.toBe('pending');
      r = await runChild(dbPath, ['drain'], ms);
    }
    await recover(dbPath, [], ids);
    expectExactlyOnce(dbPath);
  }, 120_000);
});
