/**
 * A lock shared by every process on one profile: a file created with O_EXCL holds it. Used where
 * two processes must not do the same network step at once (refreshing an OAuth token whose
 * issuer rotates refresh tokens: the second use of the old one revokes the whole grant).
 *
 * A holder that died leaves its file behind; a file older than `staleMs` is taken over, so a crash
 * delays the next holder by at most that long and never blocks it for good.
 */
import { closeSync, openSync, rmSync, statSync, writeSync } from 'node:fs';

export interface FileLockOptions {
  /** A lock file older than this is a dead holder's (ms). */
  readonly staleMs?: number;
  /** Give up waiting after this long (ms). */
  readonly waitMs?: number;
}

export class FileLockTimeout extends Error {}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

function tryTake(path: string, staleMs: number): boolean {
  try {
    const fd = openSync(path, 'wx', 0o600);
    writeSync(fd, `${process.pid} ${new Date().toISOString()}\n`);
    closeSync(fd);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    try {
      if (Date.now() - statSync(path).mtimeMs > staleMs) rmSync(path, { force: true });
    } catch {
      // Released between our open and stat: the next try takes it.
    }
    return false;
  }
}

/** Runs `fn` while holding the lock at `path`; waits for another holder to finish first. */
export async function withFileLock<T>(path: string, fn: () => Promise<T>, o: FileLockOptions = {}): Promise<T> {
  const staleMs = o.staleMs ?? 60_000;
  const deadline = Date.now() + (o.waitMs ?? 90_000);
  while (!tryTake(path, staleMs)) {
    if (Date.now() > deadline) throw new FileLockTimeout(`${path} is still held by another process`);
    await pause(25 + Math.random() * 50);
  }
  try {
    return await fn();
  } finally {
    rmSync(path, { force: true });
  }
}
