/**
 * A send the person made, in the status line while it waits out the undo window: "Sending
 * “subject” in 9 s —" with Undo (z), counting down on every screen, then "Sent" once the window
 * has passed (the outbox commits it then; the status line puts "Sent" in its place when the window
 * closes, ./status-life.ts). Anything else put in the status line ends the countdown.
 */
import type { SendResult } from '../../preload/contract';
import { api } from './api';
import { currentRoute } from './route';
import { useApp, type Status } from './store';

export function announceSend(result: SendResult, subject: string): void {
  const until = Date.parse(result.sendAt);
  const { setStatus } = useApp.getState();
  // Its z stays with the screen it was sent from, wherever the countdown goes on.
  const screen = currentRoute().screen;
  const sent: Status = { text: `Sent “${subject}”.`, tone: 'ok' };
  let shown: Status | null = null;
  const undo = async () => {
    window.clearInterval(timer);
    await api.mail.undo(result.id);
    useApp.getState().setStatus({ text: `Not sent: “${subject}” was cancelled.`, tone: 'ok' });
  };
  const tick = () => {
    if (shown !== null && useApp.getState().status !== shown) return window.clearInterval(timer);
    const left = Math.ceil((until - Date.now()) / 1000);
    if (left <= 0) return window.clearInterval(timer);
    shown = {
      text: `Sending “${subject}” in ${left} s —`,
      tone: 'info',
      screen,
      undo,
      undoUntil: until,
      afterUndoWindow: sent,
    };
    setStatus(shown);
  };
  const timer = window.setInterval(tick, 1000);
  tick();
  // A window of 0 s: sent at once, nothing to count down.
  if (shown === null) setStatus(sent);
}
