/**
 * The preload script: the only code with both the renderer's window and an IPC channel. It
 * exposes `window.zamburak`, built from preload/contract.ts, and never raw ipcRenderer or an
 * event object: the renderer can make exactly the declared calls, with arguments and results
 * parsed by zod on both sides.
 *
 * It runs sandboxed, so it is bundled as one CommonJS file (electron.vite.config.ts).
 */
import { contextBridge, ipcRenderer } from 'electron';
import { buildClient, channelOf, ZamburakError } from './contract';

const api = buildClient(async (namespace, name, args) => {
  const r = (await ipcRenderer.invoke(channelOf(namespace, name), ...args)) as
    { ok: true; value: unknown } | { ok: false; error: { kind: string; message: string } };
  if (!r.ok) throw new ZamburakError(r.error.kind, r.error.message);
  return r.value;
});

contextBridge.exposeInMainWorld('zamburak', api);
