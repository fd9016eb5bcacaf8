/**
 * quickjs-emscripten as the sandbox tests mock it: every module it loads is handed to `onModule`,
 * and every runtime a module makes to `onRuntime`, as they are made (to count its host references, or
 * to make its contexts trap). For a `vi.mock` factory, which vitest hoists above the imports, so
 * the factory imports this file itself (and the callbacks may name the test's own variables only
 * when called: the factory runs before they are set).
 */
import type * as QuickJS from 'quickjs-emscripten';
import type { QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten';

export function watchedQuickJS(
  real: typeof QuickJS,
  onModule: (m: QuickJSWASMModule) => void,
  onRuntime: (rt: QuickJSRuntime, m: QuickJSWASMModule) => void,
): typeof QuickJS {
  return {
    ...real,
    newQuickJSWASMModule: async () => {
      const m = await real.newQuickJSWASMModule();
      const newRuntime = m.newRuntime.bind(m);
      m.newRuntime = (options) => {
        const rt = newRuntime(options);
        onRuntime(rt, m);
        return rt;
      };
      onModule(m);
      return m;
    },
  };
}
