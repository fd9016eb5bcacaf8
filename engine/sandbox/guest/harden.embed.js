// Runs first in every fresh context: removes what plans must never reach even if a bug in the
// compiler let a reference through, then freezes the global object, every global constructor and
// namespace, and every prototype (the hidden ones of functions, generators and iterators too), so
// nothing shared can be changed. Method functions themselves are not walked: plan code can never
// obtain one (property reads of built-in values go through the runtime), and a full walk costs
// several milliseconds per run.
(function () {
  'use strict';
  const g = globalThis;
  const refuse = function () {
    throw new TypeError('code generation is disabled in the sandbox');
  };
  const fns = [function () {}, async function () {}, function* () {}, async function* () {}];
  const hidden = [];
  // Function constructors are reachable through every function's prototype chain.
  for (const f of fns) {
    const proto = Object.getPrototypeOf(f);
    Object.defineProperty(proto, 'constructor', { value: refuse, writable: false, configurable: false });
    hidden.push(proto);
    if (f.prototype) hidden.push(f.prototype, Object.getPrototypeOf(f.prototype));
  }
  // Iterator prototypes that no global names.
  hidden.push(
    Object.getPrototypeOf([][Symbol.iterator]()),
    Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())),
    Object.getPrototypeOf(''[Symbol.iterator]()),
    Object.getPrototypeOf(new Map()[Symbol.iterator]()),
    Object.getPrototypeOf(new Set()[Symbol.iterator]()),
    Object.getPrototypeOf(/x/[Symbol.matchAll]('')),
  );
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
      // non-configurable: frozen below
    }
  }
  const freeze = (o) => {
    if (o !== null && (typeof o === 'object' || typeof o === 'function')) Object.freeze(o);
  };
  for (const name of Object.getOwnPropertyNames(g)) {
    const v = g[name];
    if (v === null || (typeof v !== 'object' && typeof v !== 'function')) continue;
    freeze(v);
    freeze(v.prototype);
    freeze(Object.getPrototypeOf(v));
  }
  hidden.forEach(freeze);
  freeze(Object.prototype);
  freeze(Object.getPrototypeOf(refuse));
  freeze(g);
})();
