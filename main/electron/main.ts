/**
 * Electron main process: app lifecycle, the one window, and the IPC router.
 *
 * The renderer shows untrusted text (email bodies), so the window is locked down as if the page
 * were hostile: sandboxed, no Node, context isolation, no navigation, no new windows, no
 * permissions, and a CSP that forbids remote scripts and any network connection.
 */
import { app, BrowserWindow, ipcMain, session, type IpcMainInvokeEvent } from 'electron';
import { fileURLToPath } from 'node:url';
import { channelOf, listCalls, type ZamburakHandlers } from '../../preload/contract';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'none'",
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
].join('; ');

const rendererIndex = fileURLToPath(new URL('../renderer/index.html', import.meta.url));
const preloadScript = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));

const handlers: ZamburakHandlers = {
  engine: {
    version: () => ({
      app: app.getVersion(),
      electron: process.versions.electron ?? '',
      chrome: process.versions.chrome ?? '',
      node: process.versions.node,
    }),
  },
};

/** Calls are accepted only from our own page, never from a frame that navigated elsewhere. */
function isTrustedSender(event: IpcMainInvokeEvent): boolean {
  const url = event.senderFrame?.url ?? '';
  return url.startsWith('file://') && fileURLToPath(url.split(/[?#]/)[0] ?? '') === rendererIndex;
}

function registerIpc(): void {
  for (const [namespace, name, spec] of listCalls()) {
    const handler = (handlers as unknown as Record<string, Record<string, (...a: unknown[]) => unknown>>)[namespace]?.[
      name
    ];
    if (!handler) throw new Error(`No handler in main/ for contract call ${namespace}.${name}`);
    ipcMain.handle(channelOf(namespace, name), async (event, ...args: unknown[]) => {
      if (!isTrustedSender(event)) throw new Error(`Rejected ${namespace}.${name} from an untrusted frame`);
      const parsed = spec.args.parse(args);
      return spec.result.parse(await handler(...parsed));
    });
  }
}

function hardenSession(): void {
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CSP] } });
  });
  session.defaultSession.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
}

function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1200,
    height: 800,
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
    },
  });
  win.webContents.on('will-navigate', (event) => event.preventDefault());
  win.webContents.on('will-redirect', (event) => event.preventDefault());
  win.webContents.on('will-attach-webview', (event) => event.preventDefault());
  win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  win.once('ready-to-show', () => win.show());
  void win.loadFile(rendererIndex);
  return win;
}

app.enableSandbox();
void app.whenReady().then(() => {
  hardenSession();
  registerIpc();
  createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
});
app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
