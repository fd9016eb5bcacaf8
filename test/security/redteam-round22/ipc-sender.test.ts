/**
 * Red-team round 22: the Electron IPC bridge accepts calls only from the app's own page in the
 * window's main frame. The check compared `new URL(frame.url).origin` with `app://zamburak`; in
 * Node's URL parser an `app://` URL's origin is the opaque `"null"`, so, unless Electron's main
 * process reads the schemes it registers as standard, the app's own page was refused as well:
 * every call of the desktop app. No Electron binary on this machine runs the app's suite
 * (test/e2e/electron.test.ts skips), so neither case was ever seen; scheme and host hold in both.
 */
import { describe, expect, it } from 'vitest';
import { isTrustedFrame } from '../../../main/electron/trusted-sender';

const main = (url: string) => ({ url, parent: null });

describe('red team round 22: which frame may call the app', () => {
  it("takes the app's own page in the main frame, whatever its path and route", () => {
    for (const url of ['app://zamburak/index.html#/inbox', 'app://zamburak/index.html#/review/c1', 'app://zamburak/'])
      expect(isTrustedFrame(main(url)), url).toBe(true);
  });

  it('refuses a frame inside the page, another host or scheme, credentials, and no frame', () => {
    expect(isTrustedFrame({ url: 'app://zamburak/index.html', parent: {} })).toBe(false);
    expect(isTrustedFrame({ url: 'about:srcdoc', parent: {} })).toBe(false);
    for (const url of [
      'about:srcdoc',
      'about:blank',
      'app://zamburak.evil.test/',
      'app://evil.test/index.html',
      'app://zamburak:8080/',
      'app://user@zamburak/',
      'https://zamburak/',
      'http://zamburak/',
      'file:///index.html',
      'data:text/html,x',
      'not a url',
      '',
    ])
      expect(isTrustedFrame(main(url)), url).toBe(false);
    expect(isTrustedFrame(null)).toBe(false);
    expect(isTrustedFrame(undefined)).toBe(false);
  });
});
