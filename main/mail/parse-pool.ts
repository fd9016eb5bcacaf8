/**
 * MIME parsing in worker threads, so a sync parses one page while the main thread fetches the
 * next and writes to SQLite. Jobs are streamed to each worker without waiting for replies (a
 * worker parses its queue in order), so the thread hop costs a copy, not a round trip each.
 * A message that crashes its worker (out of memory) or stalls it (a pathological MIME tree) is
 * not lost: it gets a record with a `parseError`, the worker is replaced and the messages queued
 * behind it are sent again.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { unparsedMail, type ParsedMail } from './parse';

export type Parser = (source: Uint8Array, fallback: { date: Date; key: string }) => Promise<ParsedMail>;

interface Job {
  readonly id: number;
  readonly source: Uint8Array;
  readonly fallback: { date: Date; key: string };
  readonly resolve: (m: ParsedMail) => void;
}

interface Slot {
  readonly worker: Worker;
  /** Sent and not answered yet, in the order the worker parses them. */
  readonly inFlight: Job[];
  watchdog: ReturnType<typeof setTimeout> | null;
  /** The worker has loaded its modules; until then a slow start (a loaded machine) is not a stall. */
  ready: boolean;
}

export interface ParsePoolOptions {
  /** Workers; default one per core but one, at least one, at most 4. */
  readonly size?: number;
  /** How long one message may take. Default 30 s. */
  readonly timeoutMs?: number;
  /** Per worker heap. Default 256 MB; at least 64 MB (below that V8 may abort the whole process instead of the worker). */
  readonly maxHeapMb?: number;
}

const MAX_IN_FLIGHT = 64;
const STARTUP_MS = 60_000;

export class ParsePool {
  private slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly o: ParsePoolOptions = {}) {
    const size = o.size ?? Math.min(4, Math.max(1, availableParallelism() - 1));
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  readonly parse: Parser = (source, fallback) =>
    new Promise<ParsedMail>((resolve, reject) => {
      if (this.closed) return reject(new Error('the parse pool is closed'));
      this.queue.push({ id: this.nextId++, source, fallback, resolve });
      this.pump();
    });

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }

  private spawn(): Slot {
    const worker = new Worker(new URL('./parse-worker-entry.mjs', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: Math.max(64, this.o.maxHeapMb ?? 256) },
    });
    const slot: Slot = { worker, inFlight: [], watchdog: null, ready: false };
    worker.on('message', (m: { id?: number; ready?: true; mail?: ParsedMail; error?: string }) => {
      if (m.ready) {
        slot.ready = true;
        if (slot.watchdog) clearTimeout(slot.watchdog);
        slot.watchdog = null;
        this.arm(slot);
        return;
      }
      const i = slot.inFlight.findIndex((j) => j.id === m.id);
      if (i < 0) return;
      const [job] = slot.inFlight.splice(i, 1);
      job!.resolve(m.mail ?? unparsedMail(job!.source, job!.fallback, `parser failed: ${m.error}`));
      this.arm(slot);
      this.pump();
    });
    worker.on('error', (e) => this.replace(slot, `parser crashed: ${e.message}`));
    worker.on('exit', (code) => this.replace(slot, `parser exited (${code})`));
    worker.unref();
    return slot;
  }

  /** The worker is gone or stuck: its current message is recorded as unparsable, the rest go again. */
  private replace(slot: Slot, why: string): void {
    if (this.closed || !this.slots.includes(slot)) return;
    this.slots = this.slots.map((s) => (s === slot ? this.spawn() : s));
    if (slot.watchdog) clearTimeout(slot.watchdog);
    slot.watchdog = null;
    const [current, ...rest] = slot.inFlight;
    if (current) current.resolve(unparsedMail(current.source, current.fallback, why));
    this.queue.unshift(...rest);
    void slot.worker.terminate();
    this.pump();
  }

  /**
   * Restarts the slot's timer: it fires if the worker answers nothing for `timeoutMs`. A busy
   * worker's timer is refreshed, not replaced: a page's hundreds of answers would otherwise cost a
   * new timer (and a ref) each, on the thread that fetches and stores.
   */
  private arm(slot: Slot): void {
    if (!slot.ready) {
      // A worker that never finishes loading is replaced too, after a generous start-up allowance.
      slot.watchdog ??= setTimeout(() => this.replace(slot, 'parser did not start'), STARTUP_MS);
      slot.worker.ref();
    } else if (!slot.inFlight.length) {
      if (slot.watchdog) clearTimeout(slot.watchdog);
      slot.watchdog = null;
      slot.worker.unref();
    } else if (slot.watchdog) slot.watchdog.refresh();
    else {
      slot.watchdog = setTimeout(() => this.replace(slot, 'parser timed out'), this.o.timeoutMs ?? 30_000);
      slot.worker.ref();
    }
  }

  private pump(): void {
    while (this.queue.length) {
      const slot = this.slots.reduce((a, b) => (b.inFlight.length < a.inFlight.length ? b : a));
      if (slot.inFlight.length >= MAX_IN_FLIGHT) return;
      const job = this.queue.shift()!;
      const wasIdle = slot.inFlight.length === 0;
      slot.inFlight.push(job);
      slot.worker.postMessage({
        id: job.id,
        source: job.source,
        date: job.fallback.date.getTime(),
        key: job.fallback.key,
      });
      if (wasIdle) this.arm(slot);
    }
  }
}
