/**
 * The preload script: the only code with both the renderer's window and an IPC channel. It
 * exposes `window.zamburak`, built from preload/contract.ts, and never raw ipcRenderer: the
 * renderer can make exactly the declared calls, with arguments and results parsed by zod.
 *
 * It runs sandboxed, so it is bundled as one CommonJS file (electron.vite.config.ts).
 */
import { contextBridge, ipcRenderer } from 'electron';
import { channelOf, listCalls, type ZamburakApi } from './contract';

function buildApi(): ZamburakApi {
  const api: Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>> = {};
  for (const [namespace, name, spec] of listCalls()) {
    const channel = channelOf(namespace, name);
    (api[namespace] ??= {})[name] = async (...args: unknown[]) => {
      const parsedArgs = spec.args.parse(args);
      const result: unknown = await ipcRenderer.invoke(channel, ...parsedArgs);
      return spec.result.parse(result);
    };
  }
  return api as unknown as ZamburakApi;
}

contextBridge.exposeInMainWorld('zamburak', buildApi());
