/**
 * Messages the Inbox has read or is about to show, kept in memory so that `j`/`k` open the next
 * message at once: the neighbours of the open message are fetched ahead, and a cached message
 * is shown immediately and then read again (its unread flag, triage and draft may have changed).
 * Bounded: the least recently used are dropped.
 */
import type { MessageView } from '../../preload/contract';
import { api } from './api';

const MAX = 64;
const cache = new Map<string, MessageView>();
const inFlight = new Map<string, Promise<MessageView>>();

function remember(v: MessageView): MessageView {
  cache.delete(v.id);
  cache.set(v.id, v);
  while (cache.size > MAX) cache.delete(cache.keys().next().value!);
  return v;
}

/** The message as last read, if it is in memory. */
export const cachedMessage = (id: string): MessageView | undefined => cache.get(id);

/** Reads the message from the app (one request at a time per message) and keeps it. */
export function readMessage(id: string): Promise<MessageView> {
  let p = inFlight.get(id);
  if (!p) {
    p = api.inbox
      .get(id)
      .then(remember)
      .finally(() => inFlight.delete(id));
    inFlight.set(id, p);
  }
  return p;
}

/** Fetches the messages a person is likely to open next; failures wait until they are opened. */
export function prefetchMessages(ids: readonly (string | undefined)[]): void {
  for (const id of ids) if (id && !cache.has(id)) readMessage(id).catch(() => {});
}

/** A message the person changed (read, moved): its copy in memory is no longer what it is. */
export function forgetMessage(id: string): void {
  cache.delete(id);
}
