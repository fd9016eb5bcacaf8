/**
 * The main process's handle on the engine worker: a small async API over a worker thread with
 * its own heap limit. A worker that dies (heap exhausted, crash) or overruns its deadline is
 * terminated and replaced; the caller gets a clear error and the next run gets a fresh worker.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { RunReport } from '../../engine';
import type { WorldEffects } from '../../engine/world';
import { FromWorker, RunJob } from './protocol';

export interface EngineHostOptions {
  /** V8 heap for the worker (MiB). QuickJS memory is limited separately, per run. */
  readonly maxHeapMb?: number;
  /** Extra time past the run's own wall limit before the worker is presumed stuck (ms). */
  readonly graceMs?: number;
}

/** The built worker next to the bundled main process (electron-vite), else the source through tsx. */
function workerScript(): URL {
  const built = new URL('./engine-worker.js', import.meta.url);
  return existsSync(fileURLToPath(built)) ? built : new URL('./worker-entry.mjs', import.meta.url);
}

export class EngineHostError extends Error {
  constructor(
    readonly kind: 'InputError' | 'InternalError' | 'WorkerDied' | 'Timeout',
    message: string,
  ) {
    super(message);
  }
}

export interface WorkerRun {
  readonly report: RunReport;
  readonly effects: WorldEffects;
  readonly decisions: readonly { tool: string; input: unknown }[];
  readonly findings: Readonly<Record<string, number>>;
}

interface Pending {
  resolve(v: WorkerRun): void;
  reject(e: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

export class EngineHost {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  constructor(private readonly opts: EngineHostOptions = {}) {}

  private spawn(): Worker {
    const w = new Worker(workerScript(), {
      resourceLimits: { maxOldGenerationSizeMb: this.opts.maxHeapMb ?? 256 },
    });
    w.on('message', (raw: unknown) => {
      const m = FromWorker.safeParse(raw);
      if (!m.success)
        return this.fail(new EngineHostError('InternalError', 'the engine worker sent a malformed message'));
      const p = this.pending.get(m.data.id);
      if (!p) return;
      this.pending.delete(m.data.id);
      clearTimeout(p.timer);
      if (m.data.ok)
        p.resolve({
          report: m.data.report as RunReport,
          effects: m.data.effects as WorldEffects,
          decisions: m.data.decisions,
          findings: m.data.findings,
        });
      else p.reject(new EngineHostError(m.data.kind, m.data.message));
    });
    w.on('error', (e) => this.fail(new EngineHostError('WorkerDied', `the engine worker died: ${e.message}`)));
    w.on('exit', (code) => {
      if (this.worker === w) this.worker = null;
      if (code !== 0) this.fail(new EngineHostError('WorkerDied', `the engine worker exited with code ${code}`));
    });
    return w;
  }

  private fail(e: Error): void {
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(e);
      this.pending.delete(id);
    }
    const w = this.worker;
    this.worker = null;
    void w?.terminate();
  }

  /** Runs a plan against a world in the worker. Rejects with EngineHostError. */
  run(job: RunJob): Promise<WorkerRun> {
    const checked = RunJob.parse(job);
    this.worker ??= this.spawn();
    const id = this.nextId++;
    const wall = checked.limits?.wallMs ?? 10_000;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => {
          this.fail(
            new EngineHostError(
              'Timeout',
              `the engine worker did not answer within ${wall} ms (+ grace); it was restarted`,
            ),
          );
        },
        wall + (this.opts.graceMs ?? 5_000),
      );
      this.pending.set(id, { resolve, reject, timer });
      this.worker!.postMessage({ id, job: checked });
    });
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    this.fail(new EngineHostError('InternalError', 'the engine host was closed'));
    await w?.terminate();
  }
}
