/**
 * OAuth sign-ins the app has started and not yet finished. Starting one answers with the URL as
 * soon as the loopback listener is ready (the page opens it in a new tab, or Electron in the
 * system browser); the page then asks how it went until it is done or failed.
 */
import { randomBytes } from 'node:crypto';
import type { Profile } from '../profile/profile';
import type { Account } from '../store/repositories';
import type { SignInOptions } from './oauth-account';

export type SignInState =
  | { readonly state: 'waiting' }
  | { readonly state: 'done'; readonly account: Account }
  | { readonly state: 'failed'; readonly message: string };

/** Finished sign-ins are forgotten after this long; the page has long since asked. */
const KEEP_MS = 10 * 60_000;

export class PendingSignIns {
  private readonly states = new Map<string, SignInState>();

  /**
   * Runs `run` (addOAuthAccount or signInAgain) with an `open` that hands the URL back; resolves
   * with the sign-in's id and URL, or rejects when `run` fails before there is a URL.
   */
  start(
    p: Profile,
    run: (p: Profile, open: SignInOptions['open']) => Promise<Account>,
  ): Promise<{ id: string; url: string }> {
    const id = randomBytes(9).toString('base64url');
    return new Promise((resolve, reject) => {
      let started = false;
      this.states.set(id, { state: 'waiting' });
      run(p, (url) => {
        started = true;
        resolve({ id, url });
      }).then(
        (account) => this.finish(id, { state: 'done', account }),
        (e: unknown) => {
          if (!started) {
            this.states.delete(id);
            return reject(e instanceof Error ? e : new Error(String(e)));
          }
          this.finish(id, { state: 'failed', message: (e as Error).message });
        },
      );
    });
  }

  status(id: string): SignInState | undefined {
    return this.states.get(id);
  }

  private finish(id: string, s: SignInState): void {
    this.states.set(id, s);
    setTimeout(() => this.states.delete(id), KEEP_MS).unref();
  }
}
