/**
 * Electron main process: app lifecycle, the one window, the IPC bridge to the app's router.
 *
 * The renderer shows untrusted text (email bodies), so the window is locked down as if the page
 * were hostile: sandboxed, no Node, context isolation, served from our own `app://` scheme (not
 * file://), a CSP sent as a header, no navigation, no new windows, no permissions, external
 * links only to http(s) through the OS browser after the person clicks them. Everything else —
 * the services, the router, the scheduler — is main/app/ and runs under plain Node too.
 */
import { app, BrowserWindow, ipcMain, Notification, protocol, safeStorage, session, shell } from 'electron';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { channelOf, listCalls } from '../../preload/contract';
import { createApp, type App } from '../app/app';
import { rendererCsp, rendererFile } from '../app/renderer-files';
import { openProfile } from '../profile/profile';
import { resolveProfileDir } from '../profile/paths';
import { APP_HOST, APP_ORIGIN, APP_SCHEME, isTrustedFrame } from './trusted-sender';

const CSP = rendererCsp("'none'");

const rendererRoot = fileURLToPath(new URL('../renderer/', import.meta.url));
const preloadScript = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));

protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true } }]);

function serveRenderer(): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    const found = url.host === APP_HOST ? rendererFile(rendererRoot, url.pathname) : null;
    if (!found) return new Response('Not found', { status: 404 });
    try {
      return new Response(await readFile(found.file), {
        headers: { 'Content-Type': found.type, 'Content-Security-Policy': CSP },
      });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
}

function registerIpc(zamburak: App): void {
  for (const [namespace, name] of listCalls()) {
    const call = `${namespace}.${name}`;
    ipcMain.handle(channelOf(namespace, name), async (event, ...args: unknown[]) => {
      if (!isTrustedFrame(event.senderFrame)) {
        zamburak.refused(call, 'call from an untrusted frame', event.senderFrame?.url ?? 'unknown');
        return { ok: false, error: { kind: 'forbidden', message: 'untrusted frame' } };
      }
      return zamburak.router.dispatch(call, args, 'ipc');
    });
  }
}

function hardenSession(): void {
  session.defaultSession.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  // Nothing in the window talks to the network: email HTML is framed without remote loads.
  session.defaultSession.webRequest.onBeforeRequest(
    { urls: ['http://*/*', 'https://*/*', 'ws://*/*', 'wss://*/*'] },
    (_d, cb) => cb({ cancel: true }),
  );
}

function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    title: 'Zamburak',
    show: false,
    webPreferences: {
      preload: preloadScript,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      webviewTag: false,
      spellcheck: false,
    },
  });
  win.webContents.on('will-navigate', (event) => event.preventDefault());
  win.webContents.on('will-redirect', (event) => event.preventDefault());
  win.webContents.on('will-attach-webview', (event) => event.preventDefault());
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (/^https?:\/\//.test(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  win.once('ready-to-show', () => win.show());
  void win.loadURL(`${APP_ORIGIN}/index.html#/inbox`);
  return win;
}

/** A native notification when new claims wait for the person. */
function notifyClaims(zamburak: App): void {
  let seen = zamburak.profile.claims.countPending();
  setInterval(() => {
    const now = zamburak.profile.claims.countPending();
    if (now > seen && Notification.isSupported())
      new Notification({ title: 'Zamburak', body: `${now - seen} new action(s) wait for your approval` }).show();
    seen = now;
  }, 5000).unref();
}

if (!app.requestSingleInstanceLock()) app.quit();
else {
  app.enableSandbox();
  void app.whenReady().then(() => {
    // The OS keychain holds the profile's keys where it is available (not on a Linux without a
    // secret service, where safeStorage would fall back to a hard-coded password).
    const keychain =
      safeStorage.isEncryptionAvailable() &&
      (process.platform !== 'linux' || safeStorage.getSelectedStorageBackend() !== 'basic_text');
    const profile = openProfile(resolveProfileDir(undefined), keychain ? { keychain: safeStorage } : {});
    const zamburak = createApp(profile, {
      host: 'electron',
      versions: {
        app: app.getVersion(),
        electron: process.versions.electron ?? '',
        chrome: process.versions.chrome ?? '',
        node: process.versions.node,
      },
    });
    hardenSession();
    serveRenderer();
    registerIpc(zamburak);
    notifyClaims(zamburak);
    let win = createWindow();
    app.on('second-instance', () => {
      if (win.isMinimized()) win.restore();
      win.focus();
    });
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) win = createWindow();
    });
    app.on('will-quit', () => {
      zamburak.stop();
      profile.close();
    });
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
