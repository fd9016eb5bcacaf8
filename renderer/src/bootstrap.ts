/**
 * The answers the browser host wrote into the page (apps/web/bootstrap.ts), for the first render:
 * the Inbox's first rows and the shell's info, settings and accounts are on screen in React's
 * first frame, with no round trip and without waiting for the contract's chunk. They are not
 * parsed again here: the router parsed them with the same result schemas in the process that
 * served this page and its scripts, so a second parse would check the host against itself.
 * Answers over `/api/` (`./api.ts`) are parsed as before. Each answer is taken once; later calls
 * (the shell's refresh every few seconds, another page) go to the server.
 *
 * The browser host also renders the first screen from the same answers (`./first-screen.tsx`):
 * there they are handed in with `holdBootstrapped`, as there is no page to read them from.
 */
import { BOOTSTRAP_ELEMENT_ID, type BootstrapAnswer } from '../../preload/contract-values';

let answers: BootstrapAnswer[] | null = null;

function readBlock(): BootstrapAnswer[] {
  if (typeof document === 'undefined') return [];
  const text = document.getElementById(BOOTSTRAP_ELEMENT_ID)?.textContent;
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as BootstrapAnswer[]) : [];
  } catch {
    // A page without usable answers asks for them, as the Electron app does.
    return [];
  }
}

/** The host's answer to `call(...args)` if it wrote one not yet taken, typed as the call's result. */
export function takeBootstrapped<T>(call: string, args: readonly unknown[]): T | undefined {
  answers ??= readBlock();
  const key = JSON.stringify(args);
  const i = answers.findIndex((a) => a.call === call && JSON.stringify(a.args) === key);
  return i < 0 ? undefined : (answers.splice(i, 1)[0]!.value as T);
}

/** The answers the next takes read (the host's render of the first screen, which has no page). */
export function holdBootstrapped(list: readonly BootstrapAnswer[]): void {
  answers = [...list];
}
