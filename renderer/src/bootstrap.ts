/**
 * The answers the browser host wrote into the page (apps/web/bootstrap.ts): each is taken once,
 * by the first call with the same name and arguments, instead of a round trip. Later calls (the
 * shell's refresh every few seconds, another page) go to the server.
 */
import { BOOTSTRAP_ELEMENT_ID, type BootstrapAnswer } from '../../preload/contract-values';

let answers: BootstrapAnswer[] | null = null;

function readBlock(): BootstrapAnswer[] {
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

/** The host's answer to `call(args)` if it wrote one not yet taken, else undefined. */
export function takeBootstrapped(call: string, args: readonly unknown[]): { readonly value: unknown } | undefined {
  answers ??= readBlock();
  const key = JSON.stringify(args);
  const i = answers.findIndex((a) => a.call === call && JSON.stringify(a.args) === key);
  if (i < 0) return undefined;
  const [taken] = answers.splice(i, 1);
  return { value: taken!.value };
}
