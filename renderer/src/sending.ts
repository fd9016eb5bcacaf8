/**
 * A send the person made, in the status line while it waits out the undo window: "Sending
 * “subject” in 9 s —" with Undo (z), counting down, then "Sent" once the window has passed (the
 * outbox commits it then; the undo goes with the window). Anything else put in the status line
 * ends the countdown.
 */
import type { SendResult } from '../../preload/contract';
import { api } from './api';
import { useApp, type Status } from './store';

export function announceSend(result: SendResult, subject: string): void {
  const until = Date.parse(result.sendAt);
  const { setStatus } = useApp.getState();
  let shown: Status | null = null;
  const undo = async () => {
    window.clearInterval(timer);
    await api.mail.undo(result.id);
    useApp.getState().setStatus({ text: `Not sent: “${subject}” was cancelled.`, tone: 'ok' });
  };
  const tick = () => {
    if (shown !== null && useApp.getState().status !== shown) return window.clearInterval(timer);
    const left = Math.ceil((until - Date.now()) / 1000);
    shown =
      left > 0
        ? { text: `Sending “${subject}” in ${left} s —`, tone: 'info', undo }
        : { text: `Sent “${subject}”.`, tone: 'ok' };
    setStatus(shown);
    if (left <= 0) window.clearInterval(timer);
  };
  const timer = window.setInterval(tick, 1000);
  tick();
}
