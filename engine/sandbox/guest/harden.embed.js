// Runs first in every fresh context: removes what plans must never reach even if a bug in the
// compiler let a reference through, then freezes every intrinsic so nothing shared can change.
(function () {
  'use strict';
  const g = globalThis;
  const refuse = function () {
    throw new TypeError('code generation is disabled in the sandbox');
  };
  // Function constructors are reachable through every function's prototype chain.
  const fns = [function () {}, async function () {}, function* () {}, async function* () {}];
  for (const f of fns) {
    const proto = Object.getPrototypeOf(f);
    Object.defineProperty(proto, 'constructor', { value: refuse, writable: false, configurable: false });
  }
  for (const name of [
    'eval',
    'Function',
    'WebAssembly',
    'SharedArrayBuffer',
    'Atomics',
    'WeakRef',
    'FinalizationRegistry',
  ]) {
    try {
      delete g[name];
    } catch (e) {
      // non-configurable: left frozen below
    }
  }
  const seen = new Set();
  const freeze = (o) => {
    if (o === null || (typeof o !== 'object' && typeof o !== 'function') || seen.has(o)) return;
    seen.add(o);
    Object.freeze(o);
    freeze(Object.getPrototypeOf(o));
    for (const k of Reflect.ownKeys(o)) {
      const d = Object.getOwnPropertyDescriptor(o, k);
      if (!d) continue;
      if ('value' in d) freeze(d.value);
      else {
        freeze(d.get);
        freeze(d.set);
      }
    }
  };
  freeze(g);
})();
