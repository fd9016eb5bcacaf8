import type { ZamburakApi } from '../../preload/contract';

declare global {
  interface Window {
    /** Set by the preload script (or the browser host's client); absent in a bare browser. */
    readonly zamburak?: ZamburakApi;
  }
}

export {};
