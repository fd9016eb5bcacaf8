/**
 * The listing writer thread (./listing-writer.ts): each session's slices written in the order
 * they come, one transaction each, on a connection of its own to the profile's database. After a
 * failed slice the session refuses the rest, so nothing is written past a gap.
 */
import { parentPort } from 'node:worker_threads';
import { openSecondWriter, type Db } from '../store';
import { FolderStateRepo } from '../store/repos/folder-state';
import { MessagesRepo } from '../store/repos/messages';
import type { FromWriter, ListingSlice, ToWriter } from './listing-writer';

interface Session {
  readonly db: Db;
  readonly messages: MessagesRepo;
  readonly folderState: FolderStateRepo;
}

const port = parentPort;
if (!port) throw new Error('listing-writer-worker.ts runs in a worker thread');

const sessions = new Map<number, Session>();
/** Why a session's earlier slice (or its connection) failed. */
const failed = new Map<number, string>();

function open(path: string): Session {
  const db = openSecondWriter(path);
  return { db, messages: new MessagesRepo(db), folderState: new FolderStateRepo(db) };
}

function handle(job: ToWriter): FromWriter {
  if ('close' in job) {
    sessions.get(job.session)?.db.close();
    sessions.delete(job.session);
    failed.delete(job.session);
    return { id: job.id };
  }
  const refused = failed.get(job.session);
  if (refused !== undefined) return { id: job.id, error: refused };
  try {
    let s = sessions.get(job.session);
    if (!s) sessions.set(job.session, (s = open(job.path)));
    const { messages, folderState } = s;
    const slice = JSON.parse(job.slice) as ListingSlice;
    // IMMEDIATE: the write lock is taken at BEGIN, so a write on the main connection meanwhile
    // makes this one wait (busy_timeout), where a read first and a write after would fail at once.
    s.db
      .transaction(() => {
        messages.upsertMany(slice.rows);
        folderState.put(slice.progress);
      })
      .immediate();
    return { id: job.id };
  } catch (e) {
    const error = (e as Error).message;
    failed.set(job.session, error);
    return { id: job.id, error };
  }
}

port.on('message', (job: ToWriter) => port.postMessage(handle(job)));
