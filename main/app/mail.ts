/**
 * The person's own messages: send (compose, reply, reply all, forward, a draft sent as theirs),
 * undo inside the undo window, and what is still waiting to leave. The scheduler commits them.
 */
import type { ZamburakHandlers } from '../../preload/contract';
import type { SendService } from '../services/send-service';

export function mailHandlers(send: SendService): ZamburakHandlers['mail'] {
  return {
    async send(input) {
      const limit = await send.sizeLimit(input.account);
      return send.send(input, { by: 'user', ...(limit ? { maxMessageBytes: limit } : {}) });
    },
    undo(id) {
      send.undo(id, 'user');
      return { ok: true as const };
    },
    queued: () => send.queued(),
  };
}
