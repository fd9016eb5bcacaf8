/** The parse worker: raw messages in, parsed records out. */
import { parentPort } from 'node:worker_threads';
import { parseMessage } from './parse';

export interface ParseJob {
  readonly id: number;
  readonly source: Uint8Array;
  readonly date: number;
  readonly key: string;
}

const port = parentPort;
if (!port) throw new Error('parse-worker.ts runs in a worker thread');

port.on('message', (job: ParseJob) => {
  void parseMessage(job.source, { date: new Date(job.date), key: job.key }).then(
    (mail) => port.postMessage({ id: job.id, mail }),
    (e: unknown) => port.postMessage({ id: job.id, error: (e as Error).message }),
  );
});
// Loaded: from now on the pool's watchdog times parsing, not this worker's start-up.
port.postMessage({ ready: true });
