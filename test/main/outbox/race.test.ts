/**
 * Exactly once across processes: two separate processes and this one (the app's scheduler)
 * commit the same approved claim on one profile at the same moment, against a real SMTP server
 * that takes its time to answer. The lease taken by compare-and-set before any send lets exactly
 * one of them send; the others see a live lease and leave the row alone. The server receives the
 * message once, the claim is committed once, and the audit records one attempt.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledChild } from '../../setup/child-bundle';
import { openProfile } from '../../../main/profile/profile';
import { raceOutbox, sendAction, sentFile } from './fixtures';

/** The child, bundled once for the file (test/setup/child-bundle.ts): a start transpiles nothing. */
let CHILD = '';
/** How long the server sits on a message before it files it in Sent and answers "250". */
const SLOW_MS = 1500;

let smtp: SMTPServer;
let port = 0;
let sentDir = '';
const deliveries = new Map<string, number>();

beforeAll(async () => {
  CHILD = await bundledChild(join(import.meta.dirname, 'race-child.ts'));
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const mid = /^Message-ID:\s*(.+)$/im.exec(raw.toString('utf8'))?.[1]?.trim() ?? '';
        deliveries.set(mid, (deliveries.get(mid) ?? 0) + 1);
        setTimeout(() => {
          writeFileSync(sentFile(sentDir, mid), raw);
          callback();
        }, SLOW_MS);
      });
    },
  });
  smtp.on('error', () => {});
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
  port = (smtp.server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((r) => smtp.close(() => r())));

/** Starts a committer; resolves once it is polling, with a promise of its exit code. */
function child(dir: string, id: string): Promise<{ exited: Promise<number | null> }> {
  return new Promise((resolve, reject) => {
    const c = spawn(process.execPath, [CHILD, dir, sentDir, String(port), id], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<number | null>((r) => c.on('exit', (code) => r(code)));
    void exited.then((code) => reject(new Error(`the committer exited early (${code})`)));
    c.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('ready')) resolve({ exited });
    });
  });
}

describe('outbox: concurrent committers on one profile', () => {
  it('two processes and the scheduler racing on one claim deliver it exactly once', async () => {
    const base = mkdtempSync(join(tmpdir(), 'zamburak-race-'));
    sentDir = join(base, 'sent');
    mkdirSync(sentDir);
    const dir = join(base, 'profile');
    const setup = openProfile(dir);
    setup.claims.create({
      id: 'race-1',
      seq: 1,
      action: sendAction(1),
      rule: 'egress/untrusted-recipient',
      reasons: ['test'],
      risk: 'high',
      fields: [],
      context: {},
      createdAt: new Date().toISOString(),
    });
    // Due a moment from now, so every committer is polling when it comes due.
    const { messageId } = setup.claims.approve('race-1', {
      by: 'race-test',
      now: new Date(),
      undoWindowMs: 4000,
      transport: 'smtp',
    });
    setup.close();
    const children = await Promise.all([child(dir, 'race-1'), child(dir, 'race-1')]);
    const profile = openProfile(dir, { create: false });
    const scheduler = raceOutbox(profile, sentDir, port);
    for (;;) {
      await scheduler.processDue();
      const e = scheduler.entry('race-1');
      if (e?.state === 'sent' || e?.state === 'failed') break;
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(await Promise.all(children.map((c) => c.exited))).toEqual([0, 0]);
    expect(deliveries.get(messageId!)).toBe(1);
    expect(profile.claims.get('race-1').state).toBe('committed');
    expect(profile.audit.list({ kind: 'commit.succeeded' })).toHaveLength(1);
    expect(profile.audit.verify().ok).toBe(true);
    profile.close();
  }, 60_000);
});
