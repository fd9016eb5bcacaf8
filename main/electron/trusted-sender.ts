/**
 * Which frame may call the app: our own page (`app://zamburak/…`) in the window's main frame,
 * never a frame inside it (the email's) nor a page the window navigated to. Pure, so it is tested
 * without an Electron binary.
 *
 * Read from the URL's scheme and host, not its `origin`: for a scheme the URL parser does not
 * know as standard (Node's, unless Electron has taught it the schemes it registers) the origin of
 * every `app://` URL is the opaque `"null"`, which equals no origin we write: the app's own page
 * was refused with every other frame (red-team round 22). Scheme and host read the same in both.
 */

/** As much of Electron's `WebFrameMain` as the check reads. */
export interface SenderFrame {
  readonly url: string;
  readonly parent: unknown;
}

export const APP_SCHEME = 'app';
export const APP_HOST = 'zamburak';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

export function isTrustedFrame(frame: SenderFrame | null | undefined): boolean {
  if (!frame || frame.parent !== null) return false;
  let url: URL;
  try {
    url = new URL(frame.url);
  } catch {
    return false;
  }
  return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST && url.username === '' && url.password === '';
}
