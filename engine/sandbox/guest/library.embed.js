// Built-ins and methods for plans, INSIDE the sandbox: `R.mc` (method calls on strings,
// numbers, arrays, plain objects, Map, Set, Date, RegExp), `R.bi` (JSON, Math, Number, …) and
// `R.newc` (new Map/Set/Date). Evaluated as `(R) => void` after runtime.embed.js.
//
// ONE labeling rule (docs/semantics.md §2a): every built-in is a row of TABLE — a native
// implementation that never sees a label — and is called through `lift`, the generic lift: its
// result carries the join of the deep labels of everything it read (the receiver, every argument,
// the spread that made the argument list, the callback and everything the callback answered).
// A built-in is more precise than that only through a named precision rule (RULES below), which
// the host assigns (engine/plan/builtins.ts LABEL_RULES) and test/engine/plan/labeling-rule.test.ts
// compares with the generic lift. No row has label code of its own.
(function (R) {
  'use strict';
  const I = R.__internal;
  delete R.__internal;
  const { Box, LMap, LSet, SL, J, mk, raw, lab, elem, withL, deepLab, newArr, newObj, isObj } = I;
  const { checkStr, checkArr, typeError, spreadList, pair, str, acc, strict, inTry, LISTING, back, conv, filled } = I;
  // Every write into a plan array or object here says so first (runtime `wrote`: pristine imports).
  const wrote = I.wrote;
  const isArray = Array.isArray;
  const isFn = (v) => typeof v === 'function' || (v instanceof Box && typeof v.v === 'function');
  // Raises a container's structure label. An unlabeled container keeps no entry at all: the
  // fast paths (here, in the runtime and in compiled code) test for its absence.
  function raise(o, l) {
    if (l !== 0) o[SL] = J(o[SL] || 0, l);
  }
  // The receiver's dependency node for the method call in progress: results link to it, so
  // lineage reads "toUpperCase ← source getEmail(m1).subject".
  let from = -1;
  // A global or sticky regular expression keeps state (lastIndex) between uses: what it was
  // used on is part of every later answer.
  function regexState(re, l) {
    if (re.global || re.sticky) raise(re, J(l, strict ? R.pc : 0));
  }
  const M = I.cfg.methods;

  // Calls a plan callback; in STRICT mode it runs under the structure's label (that it runs at
  // all, and how often, depends on which elements exist).
  // A callback resolved once per method call: the plan function and its own label.
  function callback(f) {
    const fl = f instanceof Box ? f.l : 0;
    return { fn: R.callee(f), l: fl };
  }
  function fieldFunction(fn) {
    const copy = I.nativeCopy(fn);
    const info = copy === undefined ? undefined : I.copyInfo(copy);
    return info !== undefined && info.fields !== null;
  }
  // Arguments are passed as they are (no array per call): a plan function ignores extra ones.
  function cb(c, ctl, a0, a1, a2, a3) {
    if (c.fn === undefined) c = callback(c);
    const saved = R.pc;
    // (A join with 0 left out: J's result is already unverified.)
    const entry = ctl === 0 && c.l === 0 ? saved : c.l === 0 ? J(saved, ctl) : J(J(saved, ctl), c.l);
    if (entry === saved) return c.fn(a0, a1, a2, a3);
    R.pc = entry;
    const v = c.fn(a0, a1, a2, a3);
    // The callback's result carries what it depended on, so the caller resumes its own context;
    // unless the callback left early or wrote what we cannot name (its exit context rose).
    if (R.pc === entry) R.pc = back(saved);
    return v;
  }
  // What a copy's guard checks of a record (plan/plain-functions.ts, recordsFit), for fields ks and js.
  function fitsRecord(x, ks, js) {
    if (!isObj(x) || x[SL] !== undefined) return false;
    for (let i = 0; i < ks.length; i++) if (typeof x[ks[i]] !== 'number') return false;
    for (let i = 0; i < js.length; i++) if (typeof x[js[i]] !== 'number') return false;
    return true;
  }
  // A field function's record of item x (plan/field-functions.ts): the raw value of every field
  // it reads, and x itself under ITEM; null when x has a field that is not a primitive (or not
  // text where its length is read), or is not a plan object or array (an array has only indexes
  // and its length).
  const ITEM = Symbol('item');
  function fieldRecord(x, use) {
    const v = filled(raw(x));
    const arr = isArray(v);
    if (!arr && !isObj(v)) return null;
    const rec = newObj();
    for (let i = 0; i < use.fields.length; i++) {
      const k = use.fields[i];
      if (arr && k !== 'length' && !/^[0-9]+$/.test(k)) return null;
      const fv = raw(v[k]);
      if (fv !== null && (typeof fv === 'object' || typeof fv === 'function')) return null;
      rec[k] = fv;
    }
    for (let i = 0; i < use.strings.length; i++) if (typeof rec[use.strings[i]] !== 'string') return null;
    rec[ITEM] = x;
    return rec;
  }
  function sortWith(items, f, l) {
    // Plain numbers, an unlabeled receiver and comparator, an empty context, no try open, and a
    // comparator with a native copy: every call would take the copy (its own guard) and answer a
    // plain number, so the native sort with the copy makes the same calls and the same order.
    const fc = f === undefined ? null : callback(f);
    const copy =
      fc === null || fc.l !== 0 || R.pc !== 0 || R.exit !== 0 || R.td !== 0 ? undefined : I.nativeCopy(fc.fn);
    const info = copy === undefined ? undefined : I.copyInfo(copy);
    if (copy !== undefined && info === undefined && l === 0 && items.every((x) => typeof x === 'number'))
      return { items: items.sort(copy), l: 0 };
    // The order depends on every element compared (and on what the comparator answered). A
    // deterministic merge sort keeps comparator calls, and so labels, well defined.
    // (One walk over all the items: a container they share is visited once.)
    let order = items.length ? J(l, deepLab(items)) : l;
    // Records (a comparator reading number fields of both items, `(a, b) => a.n - b.n`), every
    // item fitting the copy's guard and no label anywhere in them: every call would take the copy.
    const rec = info === undefined ? null : info.records;
    if (rec && order === 0 && rec[0] && rec[1] && items.every((x) => fitsRecord(x, rec[0], rec[1])))
      return { items: items.sort(copy), l: 0 };
    // A field function: its answers carry no label the order lacks (see field-functions.ts), so
    // its copy sorts the items' records natively, and the order label is the same. Whatever the
    // instrumented comparator's reads could throw for inside a try is in that label too.
    const use = info === undefined ? null : info.fields;
    if (use) {
      const recs = items.map((x) => fieldRecord(x, use));
      if (recs.every((r) => r !== null)) {
        acc(order);
        return { items: recs.sort(copy).map((r) => r[ITEM]), l: order };
      }
    }
    // As in JS, undefined items go last and are never compared (how many there are, and where
    // they were, is in the order label already).
    const keyed = [];
    const undef = [];
    for (const x of items) {
      if (raw(x) === undefined) undef.push(x);
      else keyed.push({ x: x, s: f === undefined ? str(x).s : '' });
    }
    const cmp = (a, b) => {
      if (fc === null) return a.s < b.s ? -1 : a.s > b.s ? 1 : 0;
      // Which pairs get compared depends on the answers so far.
      const r = cb(fc, order, a.x, b.x);
      if (typeof r === 'number') return r || 0;
      // The answer as a number: a container's through its text and deep label (conv).
      const c = conv(r);
      order = J(order, c.l);
      if (typeof c.v === 'function') typeError('a sort comparator must answer a number, not a function', order);
      return +c.v || 0;
    };
    // The engine's own sort is deterministic: the same comparisons for the same input.
    keyed.sort(cmp);
    return { items: keyed.map((k) => k.x).concat(undef), l: order };
  }
  // ---- the generic lift ------------------------------------------------------------------------
  // Plan values cross into native code as plain copies and come back as plan values. A copy
  // remembers the plan value it was made from, so a container the built-in hands back (an
  // element found, the receiver, a callback's answer) comes back as that same container
  // (identity: aliasing and === still hold), reached through a reference with the lift's label.
  // Regular expressions and dates cross as themselves (a date has no setter in plans; a regex's
  // lastIndex is its state, labeled by regexState).
  function Bridge() {
    this.copies = null; // plan container → its copy
    this.origins = null; // copy → the plan value it was made from
    this.regexes = null;
    this.open = null; // containers being copied: met again inside themselves, a cycle
  }
  Bridge.prototype.toNative = function (x) {
    const v = filled(raw(x));
    if (v === null || typeof v !== 'object') {
      // (A callback is wrapped by the lift; a function anywhere else is refused before.)
      if (typeof v === 'function') typeError('functions are passed to built-ins only as callbacks in plans', lab(x));
      return v;
    }
    if (this.copies === null) {
      this.copies = new Map();
      this.origins = new Map();
      this.open = new Set();
    }
    // Native code would walk a cycle as it likes (join skips it): refused, as plain() does.
    if (this.open.has(v)) typeError('cannot convert a circular structure', lab(x));
    let c = this.copies.get(v);
    if (c !== undefined) return c;
    this.open.add(v);
    if (v instanceof Date) c = v;
    else if (v instanceof RegExp) {
      c = v;
      (this.regexes || (this.regexes = [])).push(v);
    } else if (isArray(v)) {
      c = [];
      this.copies.set(v, c);
      for (let i = 0; i < v.length; i++) c.push(this.toNative(v[i]));
    } else if (v instanceof LMap) {
      c = new Map();
      this.copies.set(v, c);
      for (const e of v.m.values()) c.set(this.toNative(e[0]), this.toNative(e[1]));
    } else if (v instanceof LSet) {
      c = new Set();
      this.copies.set(v, c);
      for (const e of v.m.values()) c.add(this.toNative(e));
    } else {
      // An ordinary object: native conversions (String, join) find Object.prototype's methods.
      // Keys are defined, not assigned: a "__proto__" key stays data.
      c = {};
      this.copies.set(v, c);
      for (const k of Object.keys(v))
        Object.defineProperty(c, k, {
          value: this.toNative(v[k]),
          writable: true,
          enumerable: true,
          configurable: true,
        });
    }
    this.open.delete(v);
    this.copies.set(v, c);
    if (!this.origins.has(c)) this.origins.set(c, x);
    return c;
  };
  // A native value as a plan value labeled l throughout. `top`: the answer itself, whose
  // reference carries l too (a container that exists because of the inputs: JSON.parse read `[`,
  // match found something), so every read of it in a try joins l (§3a).
  Bridge.prototype.fromNative = function (v, l, op, top) {
    if (v === null || typeof v !== 'object') {
      if (typeof v === 'function') typeError('a built-in cannot answer a function in plans', l);
      return mk(typeof v === 'string' ? checkStr(v) : v, l, op, from, -1);
    }
    const o = this.origins === null ? undefined : this.origins.get(v);
    if (o !== undefined) return elem(o, l, op, -1);
    if (v instanceof Date) return mk(v, l, op, from, -1);
    // Iterators (keys(), entries()) become arrays: plans spread or loop over them.
    if (!isArray(v) && !(v instanceof Map) && !(v instanceof Set) && typeof v[Symbol.iterator] === 'function')
      v = Array.from(v);
    let c;
    if (isArray(v)) {
      c = newArr(l);
      for (let i = 0; i < v.length; i++) c.push(this.fromNative(v[i], l, op, false));
      checkArr(c);
    } else if (v instanceof Map || v instanceof Set) {
      c = v instanceof Map ? new LMap() : new LSet();
      if (l) c[SL] = l;
      for (const e of v) {
        const kv = this.fromNative(v instanceof Map ? e[0] : e, l, op, false);
        c.m.set(raw(kv), v instanceof Map ? [kv, this.fromNative(e[1], l, op, false)] : kv);
      }
    } else {
      c = newObj();
      for (const k of Object.keys(v)) c[k] = this.fromNative(v[k], l, op, false);
      if (l) c[SL] = l;
    }
    return top ? mk(c, l, op, from, -1) : c;
  };
  // What a receiver held before the built-in ran, to see whether it changed it.
  function snapshot(n) {
    if (isArray(n)) return n.slice();
    if (n instanceof Map) {
      const s = [];
      for (const e of n) s.push(e[0], e[1]);
      return s;
    }
    return n instanceof Set ? Array.from(n) : null;
  }
  // A receiver the built-in may change (`writes`: an array mutator, a Map's or Set's set, add,
  // delete, clear) takes back its contents: what stayed in place is kept as it was, everything
  // else comes back under the lift's label, which joins the structure even when nothing changed
  // (that nothing did depends on the inputs too: adding what a Set already has).
  function writeBack(b, h, n, before, l) {
    // The request's parameters are frozen (runtime freezeDeep): say so, as a write to them does.
    if (!Object.isExtensible(h)) typeError('input is read-only in plans', l);
    wrote(h);
    const now = snapshot(n);
    if (now.length !== before.length || !now.every((x, i) => x === before[i])) {
      if (isArray(h)) {
        const old = h.slice();
        h.length = 0;
        for (let i = 0; i < n.length; i++)
          h.push(i < old.length && n[i] === before[i] ? old[i] : b.fromNative(n[i], l, 'write', false));
        h[LISTING] = false;
        checkArr(h);
      } else {
        const m = new Map();
        for (const e of n) {
          const isMap = n instanceof Map;
          const kv = b.fromNative(isMap ? e[0] : e, l, 'write', false);
          m.set(raw(kv), isMap ? [kv, b.fromNative(e[1], l, 'write', false)] : kv);
        }
        h.m = m;
      }
    }
    raise(h, l);
  }
  const NONE = {};
  // THE generic lift: `impl` runs natively on copies of the receiver (NONE for functions and
  // constructors) and of the arguments; a callback runs as plan code on plan values labeled with
  // everything read so far, and its answer joins the label. The answer, and a receiver the
  // built-in changed, carry the join. (The context joins where the answer is stored: §3.)
  function lift(impl, o, args, name, writes, text) {
    const b = new Bridge();
    let l = args[SL] || 0;
    let ro = null;
    let nr;
    if (o !== NONE) {
      l = J(l, deepLab(o));
      ro = raw(o);
      nr = b.toNative(o);
    }
    let said = 0;
    const vs = new Array(args.length);
    for (let i = 0; i < args.length; i++) {
      const a = args[i];
      if (isFn(a)) {
        const c = callback(a);
        l = J(l, c.l);
        vs[i] = function (x0, x1, x2, x3) {
          const cl = J(l, said);
          const r = cb(
            c,
            cl,
            b.fromNative(x0, cl, 'argument', false),
            b.fromNative(x1, cl, 'argument', false),
            b.fromNative(x2, cl, 'argument', false),
            b.fromNative(x3, cl, 'argument', false),
          );
          const rl = deepLab(r);
          if (rl !== 0) said = J(said, rl);
          return b.toNative(r);
        };
      } else {
        l = J(l, deepLab(a));
        // A row that turns its arguments into primitives gets the engine's own conversion
        // (conv: the text computed here, with the length limit checked as it grows).
        const ra = raw(a);
        vs[i] = text && ra !== null && typeof ra === 'object' && !(ra instanceof RegExp) ? conv(a).v : b.toNative(a);
      }
    }
    const before = writes ? snapshot(nr) : null;
    const v = impl(nr, vs);
    const all = J(l, said);
    if (b.regexes !== null) for (let i = 0; i < b.regexes.length; i++) regexState(b.regexes[i], all);
    if (before !== null) writeBack(b, ro, nr, before, strict ? J(all, R.pc) : all);
    return b.fromNative(v, all, name, true);
  }

  // ---- precision rules -------------------------------------------------------------------------
  // Each rule is used instead of `lift` for the built-ins the host names (LABEL_RULES). A rule
  // may leave out of a result's label only what that result cannot depend on; each is stated
  // here once, with why, and tested against the generic lift (labeling-rule.test.ts).

  // `elements` and `answers`: array methods that MOVE their receiver's elements rather than read
  // them (at, slice, concat, filter, find, some, map, reduce, …). The native method runs on the
  // elements themselves, each under the structure's label; what the answer depends on is the
  // array's reference and structure (which elements exist, in what order), every other argument
  // (deep), the callback and — for `elements` — what the callback answered (it chose which
  // elements come out). An element that comes out is that element, its own label kept, reached
  // through the label of what was read. For `answers` (map, reduce) the callback's answers are
  // moved too: each one is the result's element (or the result) as itself, never read by the
  // method, so one answer's label does not spread to the others.
  // concat moves the elements of an array argument as well (whether it spreads depends on that
  // argument's reference and structure); reduce moves its initial value.
  const LISTS = new Set(['slice', 'concat', 'toReversed', 'keys', 'values', 'entries', 'filter', 'map']);
  const FOLDS = new Set(['reduce', 'reduceRight']);
  function moving(answers) {
    return function (impl, arr, rl, args, name) {
      const sl = J(rl, arr[SL] || 0);
      let l = J(sl, args[SL] || 0);
      const fold = FOLDS.has(name);
      const vs = new Array(args.length);
      let f = null;
      for (let i = 0; i < args.length; i++) {
        const a = args[i];
        if (i === 0 && isFn(a)) {
          f = callback(a);
          l = J(l, f.l);
        } else if (name === 'concat') {
          l = J(l, lab(a));
          vs[i] = isArray(raw(a)) ? raw(a) : a;
        } else if (fold && i === 1) vs[i] = a;
        else {
          l = J(l, deepLab(a));
          vs[i] = conv(a).v;
        }
      }
      // A field function (plan/field-functions.ts) has plain parameters and reads only them: one
      // that declares none for the index never sees it, so its labeled box is not made.
      const index = f !== null && (f.fn.length > (fold ? 2 : 1) || !fieldFunction(f.fn));
      // A test callback answering a field, or comparing a text field's length with a number, in an
      // empty context with no try open (where a read raises the context): each call's answer is the field as R.gets reads it (its label, fieldRead)
      // or that length compared (labeled as the length, the field's label unverified), computed
      // by the function's native copy over the raw field, one step each. Any item it cannot read
      // so (not a plan object, a field that is a container) takes the plan function.
      const copy =
        f === null || index || answers || f.l !== 0 || R.pc !== 0 || R.exit !== 0 || R.td !== 0
          ? undefined
          : I.nativeCopy(f.fn);
      const info = copy === undefined ? undefined : I.copyInfo(copy);
      const ans = info === undefined || info.fields === null ? undefined : info.fields.answer;
      const rec = ans === undefined ? null : newObj();
      if (f !== null)
        vs[0] = function (a0, a1, a2) {
          if (rec !== null) {
            const said = I.fieldRead(a0, ans.field, ans.length);
            if (said >= 0) {
              rec[ans.field] = I.READ.v;
              if (said !== 0) l = J(l, said);
              R.sp = 0;
              return copy(rec);
            }
          }
          const r = fold
            ? cb(f, l, a0, a1, index ? mk(a2, sl, 'index', -1, -1) : undefined, arr)
            : cb(f, l, a0, index ? mk(a1, sl, 'index', -1, -1) : undefined, arr);
          if (answers) return I.noFn(r, sl);
          // That later calls happen at all, and what comes out, depend on this answer.
          const said = deepLab(r);
          if (said !== 0) l = J(l, said);
          return raw(r);
        };
      // slice (no callback) reads no element, only which positions it takes: it takes them from
      // the plain elements, and each one it took is made as the whole list's would be (the same
      // label and node); the others' boxes, nodes and joins, which no value could reach, are not
      // made (`words.slice(0, 12)` of 1,171 labeled words). Under `noFastPaths` every one is.
      const v =
        name === 'slice' && f === null && sl !== 0 && !SLOW
          ? impl(arr, vs).map((e) => elem(e, sl, 'element', -1))
          : impl(sl === 0 ? arr.slice() : arr.map((e) => elem(e, sl, 'element', -1)), vs);
      if (name === 'forEach') return undefined;
      if (!LISTS.has(name)) return elem(v, l, name, -1);
      const out = newArr(l);
      for (const e of v) out.push(e);
      return checkArr(out);
    };
  }

  // `mutator`: push, pop, shift, unshift, splice, reverse, fill change the array in place. The
  // change happens under the reference's label and (STRICT) the context, which join the
  // structure; what is added is moved (each value keeps its own label, joined with that change
  // label); the numbers read (splice's start and count, fill's range) join it deep. What comes
  // out (an element removed, the new length) depends on the structure and those numbers.
  const MOVED_FROM = { push: 0, unshift: 0, splice: 2 };
  function mutator(impl, arr, rl, args, name) {
    const ctxL = strict ? R.pc : 0;
    // The request's parameters are frozen (runtime freezeDeep): say so, as a write to them does.
    if (!Object.isExtensible(arr)) typeError('input is read-only in plans', J(J(rl, arr[SL] || 0), ctxL));
    wrote(arr);
    // push on an unlabeled array outside any context: the loop-building hot path.
    if (name === 'push' && rl === 0 && arr[SL] === undefined && args[SL] === undefined && (!strict || R.pc === 0)) {
      for (let i = 0; i < args.length; i++) arr.push(args[i]);
      checkArr(arr);
      return arr.length;
    }
    const sl = J(rl, arr[SL] || 0);
    // Changed: no longer the listing a tool returned.
    arr[LISTING] = false;
    acc(sl);
    const first = MOVED_FROM[name];
    // How many arguments arrive (a spread) decides how the array grows.
    const changeL = J(J(rl, ctxL), first !== undefined ? args[SL] || 0 : 0);
    let readL = 0;
    const vs = new Array(args.length);
    for (let i = 0; i < args.length; i++) {
      const a = args[i];
      if (first !== undefined ? i >= first : name === 'fill' && i === 0) vs[i] = withL(a, strict ? changeL : rl);
      else {
        readL = J(readL, deepLab(a));
        vs[i] = conv(a).v;
      }
    }
    const v = impl(arr, vs);
    checkArr(arr);
    raise(arr, J(changeL, readL));
    if (v === arr) return arr;
    const l = J(sl, readL);
    if (name !== 'splice') return elem(v, l, name, -1);
    const out = newArr(l);
    for (const e of v) out.push(e);
    return out;
  }

  // `order`: sort and toSorted. The order depends on every element compared and on every answer
  // of the comparator (sortWith's label); the elements themselves are moved.
  function order(impl, arr, rl, args, name) {
    const sl = J(rl, arr[SL] || 0);
    const f = args[0];
    if (name === 'toSorted') {
      const r = sortWith(
        arr.map((e) => elem(e, sl, 'element', -1)),
        f,
        sl,
      );
      const out = newArr(r.l);
      for (const e of r.items) out.push(e);
      return out;
    }
    const ctxL = strict ? R.pc : 0;
    if (!Object.isExtensible(arr)) typeError('input is read-only in plans', J(sl, ctxL));
    wrote(arr);
    arr[LISTING] = false;
    acc(sl);
    const r = sortWith(arr.slice(), f, sl);
    for (let i = 0; i < r.items.length; i++) arr[i] = r.items[i];
    raise(arr, r.l);
    raise(arr, J(rl, ctxL));
    return arr;
  }

  // `entry`: a Map's or Set's get, has, set, add, delete, clear, and an object's hasOwnProperty
  // touch one entry, found by its key: a read depends on the collection's reference and
  // structure, the key, and the entry found (its key; for get, its value as itself); a write
  // changes that entry under the reference's label and (STRICT) the context, and the structure
  // under the key's. The other entries are neither read nor changed.
  function entry(impl, m, rl, args, name) {
    const sl = J(rl, m[SL] || 0);
    const k0 = args[0];
    const rk = raw(k0);
    const kl = lab(k0);
    if (isObj(m)) {
      // hasOwnProperty: no container is ever turned into a key (I.key refuses it).
      const hk = I.key(rk, kl);
      return mk(Object.prototype.hasOwnProperty.call(m, String(hk)), J(sl, kl), 'has', -1, -1);
    }
    const isMap = m instanceof LMap;
    const changeL = J(rl, strict ? R.pc : 0);
    switch (name) {
      case 'get': {
        const e = m.m.get(rk);
        return e ? elem(e[1], J(J(sl, kl), lab(e[0])), 'get', -1) : mk(undefined, J(sl, kl), 'get', -1, -1);
      }
      case 'has': {
        const e = m.m.get(rk);
        return mk(!!e, J(J(sl, kl), e ? lab(isMap ? e[0] : e) : 0), 'has', -1, -1);
      }
      case 'set':
      case 'add': {
        if (!m.m.has(rk) && m.m.size >= I.LIM.arrayLength) I.limit('arrayLength', 'a collection grew past its limit');
        const put = (v) => withL(v, changeL);
        if (isMap) m.m.set(rk, [put(k0), put(args[1])]);
        else m.m.set(rk, put(k0));
        raise(m, J(kl, changeL));
        return m;
      }
      case 'delete': {
        const had = m.m.delete(rk);
        raise(m, J(kl, changeL));
        return mk(had, J(sl, kl), 'delete', -1, -1);
      }
      default:
        m.m.clear();
        raise(m, changeL);
        return undefined;
    }
  }

  // `parts`: a Map's or Set's keys, values, entries and forEach, and Object.keys, values and
  // entries, hand out every entry as it is: which entries there are, and in what order, is the
  // structure; a key or value is that key or value (a Map's value also tells which key it is
  // under). Nothing is read from the entries themselves.
  function parts(impl, m, rl, args, name) {
    if (m === NONE) return objectParts(name.slice(7), args);
    const sl = J(rl, m[SL] || 0);
    const isMap = m instanceof LMap;
    if (name === 'forEach') {
      for (const e of [...m.m.values()]) {
        if (isMap) cb(args[0], sl, elem(e[1], sl, 'value', -1), elem(e[0], sl, 'key', -1), m);
        else cb(args[0], sl, elem(e, sl, 'value', -1), elem(e, sl, 'value', -1), m);
      }
      return undefined;
    }
    const out = newArr(sl);
    for (const e of m.m.values()) {
      if (!isMap) out.push(name === 'entries' ? pair(e, e, sl) : elem(e, sl, name, -1));
      else if (name === 'keys') out.push(elem(e[0], sl, 'key', -1));
      else if (name === 'values') out.push(elem(e[1], J(sl, lab(e[0])), 'value', -1));
      else out.push(pair(e[0], e[1], sl));
    }
    return out;
  }
  function objectParts(name, args) {
    let o = args[0];
    let l = 0;
    if (o instanceof Box) {
      l = o.l;
      o = o.v;
    }
    if (!isObj(o) && !isArray(o)) typeError('Object.' + name + ' needs a plain object or an array', l);
    const sl = J(J(l, o[SL] || 0), args[SL] || 0);
    const out = newArr(sl);
    for (const k of Object.keys(o)) {
      if (name === 'keys') out.push(mk(k, sl, 'key', -1, -1));
      else if (name === 'values') out.push(elem(o[k], sl, 'value', -1));
      else out.push(pair(k, o[k], sl));
    }
    return out;
  }

  // `pairs`: new Map(pairs), new Set(items) and Object.fromEntries(pairs) are their entries put
  // in one by one (the `entry` rule, once per entry): each entry carries what decided it (the
  // source's reference and structure, the pair's reference), the new container's structure
  // what decided which entries arrived — the source's label even when it is a labeled null or
  // an empty spread (class D).
  function pairs(impl, o, rl, args, name) {
    if (name === 'Object.fromEntries') {
      const out = newObj();
      let sl = J(J(lab(args[0]), strict ? R.pc : 0), args[SL] || 0);
      for (const e of spreadList(args[0])) {
        const p = raw(e);
        if (!isArray(p)) typeError('Object.fromEntries needs [key, value] pairs', lab(e));
        sl = J(sl, lab(e));
        const k = p[0];
        sl = J(sl, lab(k));
        out[String(I.key(raw(k), J(lab(e), lab(k))))] = elem(p[1], lab(e), 'fromEntries', -1);
      }
      if (sl) out[SL] = sl;
      return out;
    }
    const isMap = name === 'new Map';
    const m = isMap ? new LMap() : new LSet();
    const l = strict ? R.pc : 0;
    if (l) m[SL] = l;
    if (args.length && raw(args[0]) != null) {
      for (const e of spreadList(args[0])) {
        if (isMap) {
          const p = raw(e);
          if (!isArray(p)) typeError('new Map() needs [key, value] pairs', lab(e));
          entry(null, m, 0, [elem(p[0], lab(e), 'key', -1), elem(p[1], lab(e), 'value', -1)], 'set');
        } else entry(null, m, 0, [e], 'add');
      }
    }
    // Which entries arrive depends on the source, a labeled null or undefined included.
    if (args.length) raise(m, lab(args[0]));
    // A spread argument list: what arrives (even nothing) depends on the spread sources (class D).
    raise(m, args[SL] || 0);
    return m;
  }

  const RULES = {
    elements: moving(false),
    answers: moving(true),
    mutator: mutator,
    order: order,
    entry: entry,
    parts: parts,
    pairs: pairs,
  };

  // ---- the table -------------------------------------------------------------------------------
  // Every built-in by its full name ('string.slice', 'map.get', 'JSON.parse', 'new Map'; the host
  // lists them: engine/plan/builtins.ts BUILTINS): its native implementation, (receiver, argument
  // list) → answer, which never sees a label; and the precision rule the host names for it, if
  // any (LABEL_RULES; none at all when the run asks for the generic lift alone). Most rows are
  // the receiver's own method or the namespace's function; the few below differ only in what
  // plans may not do (grow a string past its limit, use a replacer, a forbidden key, a Date of
  // the current time, a string with regex syntax as a pattern) or in the answer's shape (a match
  // as a plain list).
  const method = (name) =>
    function (r, a) {
      return r[name].apply(r, a);
    };
  const NAMESPACES = { JSON: JSON, Math: Math, Object: Object, Array: Array, Number: Number, Date: Date };
  const GLOBALS = {
    Number: Number,
    String: String,
    Boolean: Boolean,
    parseInt: parseInt,
    parseFloat: parseFloat,
    isNaN: isNaN,
    isFinite: isFinite,
  };
  const RECEIVERS = new Set(['string', 'number', 'boolean', 'date', 'regexp', 'array', 'map', 'set', 'object']);
  const grows = (name) =>
    function (s, a) {
      if (+a[0] * (name === 'repeat' ? s.length : 1) > R.lim_string)
        I.limit('stringLength', 'a string grew past ' + R.lim_string + ' characters');
      return s[name].apply(s, a);
    };
  const listOf = (m) => (m === null ? null : Array.from(m));
  // match, matchAll and search turn a string argument into a regular expression natively. Its
  // syntax would be code chosen by data: an email whose subject is `(a+)+$` makes
  // `body.match(subject)` backtrack for ever, past the front end's check of the plan's own
  // patterns (engine/plan/regex-check.ts, literals only). So a string is a pattern only as plain
  // text (a search as long as indexOf's); one with regular-expression syntax is refused, whatever
  // its label: no pattern that data can shape ever runs.
  const REGEX_SYNTAX = /[\\^$.|?*+()[\]{}]/;
  function textPattern(name, p) {
    if (p instanceof RegExp || p === undefined) return p;
    const found = REGEX_SYNTAX.exec(String(p));
    if (found !== null)
      throw new TypeError(
        `'${name}' takes a regular expression literal in plans: a string is used only as plain text, and ` +
          `this one has regular-expression syntax ('${found[0]}'). Write the pattern as /…/, or use includes or indexOf`,
      );
    return p;
  }
  // An array's text, its length limit checked as it grows (a huge separator, many long items).
  function joined(r, sep) {
    let s = '';
    for (let i = 0; i < r.length; i++) {
      const e = r[i];
      s = checkStr(s + (i ? sep : '') + (e === null || e === undefined ? '' : isArray(e) ? joined(e, ',') : String(e)));
    }
    return s;
  }
  const IMPLS = {
    'string.repeat': grows('repeat'),
    'string.padStart': grows('padStart'),
    'string.padEnd': grows('padEnd'),
    'array.join': (r, a) => joined(r, a.length && a[0] !== undefined ? String(a[0]) : ','),
    'array.toString': (r) => joined(r, ','),
    'string.match': (s, a) => listOf(s.match(textPattern('match', a[0]))),
    'string.matchAll': (s, a) => Array.from(s.matchAll(textPattern('matchAll', a[0])), listOf),
    'string.search': (s, a) => s.search(textPattern('search', a[0])),
    'regexp.exec': (re, a) => listOf(re.exec(a[0])),
    // No container is ever turned into a key, and no forbidden name is one (I.key refuses both).
    'object.hasOwnProperty': (o, a) => Object.prototype.hasOwnProperty.call(o, String(I.key(a[0], 0))),
    'Object.fromEntries': (_, a) => {
      for (const p of a[0]) I.key(p[0], 0);
      return Object.fromEntries(a[0]);
    },
    'JSON.stringify': (_, a) => {
      if (a.length > 1 && a[1] != null) typeError('JSON.stringify replacers are not supported in plans', 0);
      return JSON.stringify(a[0], null, a[2]);
    },
    'JSON.parse': (_, a) => {
      try {
        return JSON.parse(a[0]);
      } catch (e) {
        if (exhausted(e)) throw e;
        throw new SyntaxError('JSON.parse: ' + e.message);
      }
    },
    'new Date': (_, a) => {
      if (a.length === 0) typeError('new Date() needs a value: the current time comes from now()', 0);
      return new Date(...a);
    },
    'new Map': (_, a) => new Map(a[0]),
    'new Set': (_, a) => new Set(a[0]),
  };
  function implOf(key) {
    if (IMPLS[key] !== undefined) return IMPLS[key];
    const dot = key.indexOf('.');
    const head = dot < 0 ? key : key.slice(0, dot);
    const tail = key.slice(dot + 1);
    if (dot > 0 && RECEIVERS.has(head)) return method(tail);
    const ns = NAMESPACES[head];
    if (dot > 0 && ns !== undefined && typeof ns[tail] === 'function')
      return function (_, a) {
        return ns[tail].apply(ns, a);
      };
    if (dot < 0 && GLOBALS[key] !== undefined)
      return function (_, a) {
        return GLOBALS[key].apply(undefined, a);
      };
    throw new Error('the plan library has no implementation of ' + key);
  }
  const TABLE = new Map();
  // Rows whose native implementation turns every argument into a primitive (a regex aside).
  const TEXT = /^(string|number|boolean|date|regexp|Math|Date)\./;
  const TEXT_CALLS = new Set(
    ['Number', 'String', 'parseInt', 'parseFloat', 'isNaN', 'isFinite'].concat([
      'Number.parseFloat',
      'Number.parseInt',
      'JSON.parse',
      'new Date',
    ]),
  );
  const WRITES = new Set(
    M.mutating
      .map((m) => 'array.' + m)
      .concat(['map.set', 'map.delete', 'map.clear', 'set.add', 'set.delete', 'set.clear']),
  );
  // Methods by receiver type, then by name (no key to build per call).
  const METHODS_OF = new Map();
  for (const key of I.cfg.builtins) {
    const rule = I.cfg.rules[key];
    if (rule !== undefined && RULES[rule] === undefined)
      throw new Error('no labeling rule ' + rule + ' (for ' + key + ')');
    const row = {
      impl: implOf(key),
      rule: rule === undefined ? null : RULES[rule],
      writes: WRITES.has(key),
      text: TEXT.test(key) || TEXT_CALLS.has(key),
    };
    TABLE.set(key, row);
    const dot = key.indexOf('.');
    const type = key.slice(0, dot);
    if (dot > 0 && RECEIVERS.has(type)) {
      if (!METHODS_OF.has(type)) METHODS_OF.set(type, new Map());
      METHODS_OF.get(type).set(key.slice(dot + 1), row);
    }
  }
  // A generic run (a test comparing the rules with the generic lift) has no precision rule, and
  // so not the push below (the mutator rule with nothing to join); a slow one (a test comparing
  // the fast paths with the table) none of the fast paths below (push, the direct string
  // methods, String).
  const SLOW = I.cfg.slow === true;

  // ---- dispatch --------------------------------------------------------------------------------
  // A native failure inside a built-in (a RangeError from repeat, an invalid date) becomes a
  // catchable plan error labeled with what it depended on; limits and plan errors pass through.
  function guarded(impl) {
    return function (a, b, c) {
      try {
        return impl(a, b, c);
      } catch (e) {
        if (e instanceof I.PlanThrow || e instanceof I.LimitError || exhausted(e)) throw e;
        // Whether a built-in fails can depend on its receiver and on every argument (a function
        // where a string was expected, a circular value): the error carries all their labels.
        const l = J(J(deepLab(a), deepLab(b)), deepLab(c || []));
        if (e instanceof I.PlanError) {
          e.l = J(e.l, l);
          throw e;
        }
        throw new I.PlanError('RuntimeError', String((e && e.message) || e), J(l, R.pc));
      }
    };
  }
  const InternalError = typeof globalThis.InternalError === 'function' ? globalThis.InternalError : RangeError;
  // The stack or memory ran out: a limit that ends the run, never an error a catch reads. QuickJS's
  // JSON parser reports text nested too deep for the stack as a SyntaxError of exactly this text.
  function exhausted(e) {
    return e instanceof InternalError || (e instanceof SyntaxError && e.message === 'stack overflow');
  }

  const CALLBACK_METHODS = new Set(M.callback);
  // A function reaches a method only as its callback (first argument): anywhere else a built-in
  // would store it in data or convert it natively. The front end refuses the rest; this is the
  // backstop.
  function noFunctionData(o, name, args) {
    for (let i = 0; i < args.length; i++) {
      const v = raw(args[i]);
      if (typeof v === 'function' && !(i === 0 && CALLBACK_METHODS.has(name)))
        typeError(
          "'" + name + "' does not take a function here: functions are passed only as callbacks",
          J(lab(o), lab(args[i])),
        );
    }
  }
  // Method call: receiver.name(...args). Functions passed as callbacks must be plan functions.
  const guardedMc = guarded(function (o, name, args) {
    // Inside a try, what the receiver and the arguments are can decide whether the call throws.
    if (I.inTry()) acc(J(deepLab(o), deepLab(args)));
    noFunctionData(o, name, args);
    const al = args[SL] || 0;
    const r = methodCall(o, name, args);
    return al === 0 ? r : withL(r, al, 'spread');
  });
  // push on an unlabeled array outside any context is the loop-building hot path.
  R.mc = function (o, name, args) {
    // (Never the input, which is labeled and frozen: the mutator rule refuses to change it.)
    if (name === 'push' && !SLOW && isArray(o) && args[SL] === undefined) {
      if (o[SL] === undefined && R.pc === 0) {
        wrote(o);
        o[LISTING] = false;
        for (let i = 0; i < args.length; i++) o.push(I.noFn(args[i], 0));
        checkArr(o);
        return o.length;
      }
      if (!inTry() && Object.isExtensible(o) && noFnArgs(args)) {
        if (strict) return pushUnder(o, args);
        // NORMAL under a context: the mutator rule's own push path for an unlabeled array (which,
        // unlike the one above, leaves the listing mark as it is).
        if (o[SL] === undefined) {
          wrote(o);
          for (let i = 0; i < args.length; i++) o.push(args[i]);
          checkArr(o);
          return o.length;
        }
      }
    } else if (args[SL] === undefined && !SLOW && DIRECT_STRING.has(name)) {
      const r = o instanceof Box ? stringDirect(o.v, o.l, o.d, name, args) : stringDirect(o, 0, -1, name, args);
      if (r !== NOT_DIRECT) return r;
    }
    return guardedMc(o, name, args);
  };
  // `s.split(sep)[k]`, the list never kept (plan/split-index.ts: sep a string literal, k a whole
  // number literal). On a plain or labeled string of at most R.SM characters, outside a try, and
  // for a part that exists: what R.mc's split (stringDirect, stringList) and the read would give —
  // the part, labeled with the string's label unverified and linked to the string's node as split
  // links each part; reading a part whose label is its list's (and its structure's) gives that
  // part itself, with no join that makes a label. The length bound keeps every part clear of
  // checkStr's limits; the list's length is checked as checkArr would. Anything else: split, then
  // the read, as always.
  R.splitAt = function (o, sep, k) {
    if (!SLOW && !inTry()) {
      const boxed = o instanceof Box;
      const s = boxed ? o.v : o;
      if (typeof s === 'string' && s.length <= R.SM) {
        const parts = s.split(sep);
        if (k < parts.length && parts.length <= I.LIM.arrayLength)
          return boxed ? mk(parts[k], J(o.l, 0), 'split', o.d, -1) : parts[k];
      }
    }
    return R.get(R.mc(o, 'split', [sep]), k);
  };
  // A plain string method the compiler wrote out (plan/emit-expressions.ts, stringMethod) with at
  // most two arguments (n of them), when its receiver was not a plain string: what R.mc does for
  // it, without making the argument list when the receiver is a labeled string.
  R.sm = function (o, name, n, a0, a1) {
    if (!SLOW && o instanceof Box && DIRECT_STRING.has(name)) {
      const r = stringDirectOf(o.v, o.l, o.d, name, a0, a1);
      if (r !== NOT_DIRECT) return r;
    }
    return R.mc(o, name, n === 0 ? [] : n === 1 ? [a0] : [a0, a1]);
  };
  // R.ent: a Map's or Set's has, get, set, add or delete (the compiler sends these names here,
  // never with a spread). On an unboxed collection, outside any try, with no function among the
  // arguments, guardedMc would check nothing that fails and call the entry rule, which throws
  // nothing but a limit (passed through): so the rule is called directly. Anything else, and a
  // run without the rule or the fast paths, takes R.mc.
  const entryRows = (t) => {
    const rows = new Map();
    for (const [name, row] of METHODS_OF.get(t) || []) if (!SLOW && row.rule === entry) rows.set(name, row);
    return rows;
  };
  const MAP_ENTRY = entryRows('map');
  const SET_ENTRY = entryRows('set');
  R.ent = function (o, name, args) {
    const row = o instanceof LMap ? MAP_ENTRY.get(name) : o instanceof LSet ? SET_ENTRY.get(name) : undefined;
    if (row === undefined || inTry() || args[SL] !== undefined || !noFnArgs(args)) return R.mc(o, name, args);
    from = -1;
    return entry(row.impl, o, 0, args, name);
  };
  // `c.has(k)` as an `if`'s or a loop's test (plan/has-tests.ts): label * 2 + truth, the answer
  // R.ent would make decoded as the test decodes it, without making it. Where R.ent calls the
  // entry rule directly, its `has` here: the same joins in the same order (the rule's `changeL`
  // joins 0 with the context, which makes no label). Otherwise R.ent itself, decoded. (`!` of the
  // answer is the compiled code's: a flipped truth bit, the label kept, as R.not keeps it.)
  R.hasT = function (o, args) {
    const isMap = o instanceof LMap;
    const row = isMap ? MAP_ENTRY.get('has') : o instanceof LSet ? SET_ENTRY.get('has') : undefined;
    if (row === undefined || inTry() || args[SL] !== undefined || !noFnArgs(args)) {
      const r = R.ent(o, 'has', args);
      return lab(r) * 2 + ((r instanceof Box ? r.v : r) ? 1 : 0);
    }
    const sl = J(0, o[SL] || 0);
    const k0 = args[0];
    const e = o.m.get(raw(k0));
    return J(J(sl, lab(k0)), e ? lab(isMap ? e[0] : e) : 0) * 2 + (e ? 1 : 0);
  };
  function noFnArgs(args) {
    for (let i = 0; i < args.length; i++) {
      const v = args[i];
      if (typeof v === 'function' || (v instanceof Box && typeof v.v === 'function')) return false;
    }
    return true;
  }
  // The mutator rule's push (STRICT) on an unboxed, extensible array, labeled or under a context,
  // outside any try, with no function among the arguments: nothing but a limit can throw, so
  // neither guardedMc's checks nor its catch apply. Each element joins the context, and so does
  // the array's structure.
  function pushUnder(arr, args) {
    const sl = J(0, arr[SL] || 0);
    const changeL = J(0, R.pc);
    wrote(arr);
    arr[LISTING] = false;
    acc(sl);
    for (let i = 0; i < args.length; i++) arr.push(withL(args[i], changeL));
    checkArr(arr);
    const out = mk(arr.length, sl, 'push', -1, -1);
    raise(arr, changeL);
    return out;
  }
  // A push whose answer is unused (the statement `xs.push(v)`: plan/emit-expressions.ts,
  // unusedPush): what R.mc does, without making that answer, a labeled length no value can reach.
  R.push1 = function (arr, v) {
    if (
      !SLOW &&
      strict &&
      isArray(arr) &&
      (arr[SL] !== undefined || R.pc !== 0) &&
      !inTry() &&
      Object.isExtensible(arr) &&
      !isFn(v)
    )
      pushOne(arr, v);
    else R.mc(arr, 'push', [v]);
  };
  // The mutator rule's push of one value (STRICT), for a caller that made push1's checks: the
  // value and the array's structure join the context.
  function pushOne(arr, v) {
    const changeL = J(0, R.pc);
    wrote(arr);
    arr[LISTING] = false;
    arr.push(withL(v, changeL));
    checkArr(arr);
    raise(arr, changeL);
  }
  // The generic lift for a string and at most two primitive arguments, for the string methods
  // that cannot throw natively then: the same answer and label as `lift` (the string's label
  // joined with the arguments'), without copies, guardedMc or its catch. padStart/padEnd keep
  // their length limit; repeat, normalize (RangeError) and the
  // regex-taking methods (a string argument becomes a pattern that may not compile) stay general.
  const DIRECT_STRING = new Set(M.plainString.concat(['split', 'padStart', 'padEnd']));
  const NOT_DIRECT = {};
  function stringDirect(s, l, d, name, args) {
    return args.length > 2 ? NOT_DIRECT : stringDirectOf(s, l, d, name, args[0], args[1]);
  }
  function stringDirectOf(s, l, d, name, b0, b1) {
    const v = directAnswer(s, l, name, b0, b1);
    if (v === NOT_DIRECT) return v;
    if (typeof v === 'string') return mk(checkStr(v), directL, name, d, -1);
    if (isArray(v)) {
      from = d;
      return stringList(v, directL, name) || new Bridge().fromNative(v, directL, name, true);
    }
    return mk(v, directL, name, d, -1);
  }
  // directAnswer's label for its answer: the string's label joined with the arguments'.
  let directL = 0;
  // The native answer of a direct string method (NOT_DIRECT if it is not one), its label in directL.
  function directAnswer(s, l, name, b0, b1) {
    if (typeof s !== 'string') return NOT_DIRECT;
    const boxed0 = b0 instanceof Box;
    const boxed1 = b1 instanceof Box;
    const a0 = boxed0 ? b0.v : b0;
    const a1 = boxed1 ? b1.v : b1;
    // (Before any join: the general path interns exactly the labels it always did.)
    if (a0 !== null && (typeof a0 === 'object' || typeof a0 === 'function')) return NOT_DIRECT;
    if (a1 !== null && (typeof a1 === 'object' || typeof a1 === 'function')) return NOT_DIRECT;
    let al = 0;
    if (boxed0) al = b0.l;
    if (boxed1) al = J(al, b1.l);
    const all = J(l, al);
    // Inside a try, the receiver and the arguments decide whether the call throws (guardedMc).
    acc(all);
    if ((name === 'padStart' || name === 'padEnd') && +a0 > R.lim_string)
      I.limit('stringLength', 'a string grew past ' + R.lim_string + ' characters');
    directL = all;
    // Explicit undefined arguments answer as omitted ones for every method of DIRECT_STRING.
    return s[name](a0, a1);
  }
  // A boolean string method's answer read only as an `if`'s or a loop's test (plan/emit-expressions.ts,
  // stringTest): label * 2 + truth, the answer R.sm would make decoded as the test decodes it,
  // without making that answer (a box and graph node no value can reach).
  R.smT = function (o, name, n, a0, a1) {
    if (!SLOW && o instanceof Box && DIRECT_STRING.has(name)) {
      const v = directAnswer(o.v, o.l, name, a0, a1);
      if (typeof v === 'boolean') return directL * 2 + (v ? 1 : 0);
    }
    const r = R.sm(o, name, n, a0, a1);
    const truth = r !== null && typeof r === 'object' ? (r instanceof Box ? r.v : true) : r;
    return R.lab(r) * 2 + (truth ? 1 : 0);
  };
  // A search loop (plan/search-loops.ts: `for (const w of words) if (text.includes(w)) { hit = true;
  // break; }`) in one call: `it` from R.iter, `o` the searched value, `abr` and `p` the loop's
  // pending exit and entry context. When the list is an unlabeled array of plain strings, the
  // string plain or a labeled string, no try, exit or taint is pending and the steps cannot reach
  // the limit, it makes what the instrumented loop makes (compiled emit-statements.ts forOf and
  // iterationStart, R.more, R.at, R.smT): the same joins in the same order, the same steps, R.pc
  // as the last iteration leaves it; answers the iterations' joined contexts * 2 + whether it
  // broke. Otherwise -1 before anything is done, and the instrumented loop runs.
  R.anyT = function (it, o, name, abr, p) {
    if (SLOW || abr !== 0 || R.exit !== 0 || R.tc !== 0 || R.td !== 0 || inTry() || !DIRECT_STRING.has(name)) return -1;
    if (!it.live || it.listing || it.l !== 0 || it.rl !== 0 || it.ls !== -1) return -1;
    const a = it.a;
    if (a[SL] !== undefined || a[LISTING] === true) return -1;
    const boxed = o instanceof Box;
    const s = boxed ? o.v : o;
    if (typeof s !== 'string') return -1;
    const n = a.length;
    for (let i = 0; i < n; i++) if (typeof a[i] !== 'string') return -1;
    const S = R.S;
    if (S.n + n > S.m) return -1;
    // R.more's first call: the structure label (none) is joined once.
    it.ls = 0;
    it.k = J(it.rl, 0);
    it.l = J(it.l, it.k);
    it.c = it.l;
    const lt = J(p, it.c);
    const own = lt === 0 ? 0 : J(lt, 0);
    let la = 0;
    let pc = R.pc;
    // An iteration's joins depend only on la: once one leaves la as it was, every later one
    // makes the same joins again (memo hits: no label is made), so they are skipped.
    let settled = false;
    for (let i = 0; i < n; i++) {
      S.n++;
      // directAnswer: the answer's label is the string's joined with the (plain) argument's.
      const found = s[name](a[i], undefined);
      if (!settled) {
        pc = la === 0 ? own : J(J(J(lt, la), 0), 0);
        if (boxed) {
          const all = J(o.l, 0);
          if (all !== 0) pc = J(pc, all);
        }
        const next = J(la, pc);
        settled = next === la;
        la = next;
      }
      if (found) {
        R.pc = pc;
        return la * 2 + 1;
      }
    }
    R.pc = pc;
    return la * 2;
  };
  // `x.split(sep)` as a collect loop's list (plan/collect-loops.ts): what R.mc answers, but for a
  // labeled string split directly, the list is an unfilled word list (I.wordList) whose boxes
  // and nodes are made only if something reads its structure label (R.pushT reads the strings).
  R.words = function (o, sep) {
    if (!SLOW && o instanceof Box) {
      const v = directAnswer(o.v, o.l, 'split', sep, undefined);
      if (isArray(v) && directL !== 0) {
        for (let i = 0; i < v.length; i++) checkStr(v[i]);
        checkArr(v);
        return mk(I.wordList(v, directL, o.d, 'split'), directL, 'split', o.d, -1);
      }
      if (v !== NOT_DIRECT) return stringDirectOf(o.v, o.l, o.d, 'split', sep, undefined);
    }
    return R.mc(o, 'split', [sep]);
  };
  const LENGTH_TESTS = {
    '<': (a, b) => a < b,
    '>': (a, b) => a > b,
    '<=': (a, b) => a <= b,
    '>=': (a, b) => a >= b,
  };
  // A collect loop (plan/collect-loops.ts: `for (const w of list) if (w.length > n) out.push(w.m())`,
  // `m` a method without arguments or none) in one call: `it` from R.iter/R.iterW, `out` the
  // list pushed to, `abr` and `p` the loop's pending exit and entry context. When every item is a
  // string (plain, boxed, or the words of an unfilled word list, which stays unfilled), `out` an
  // unboxed extensible array other than the list, the method a direct string method, and no try,
  // exit, taint or step limit is in reach, it does what the instrumented loop does (compiled
  // emit-statements.ts forOf, iterationStart and the if's merge; R.more, R.at, R.gtL…, R.sm,
  // the compiled push or R.push1, R.upc): the same joins in the same order, the same answers,
  // boxes and pushes, a step per iteration, R.pc as the last iteration leaves it; a word's box
  // and node are made only when it is pushed or its method's answer links to it. Answers 0 (the
  // loop's accumulated exits: none); otherwise -1 before anything is done, and the instrumented
  // loop runs.
  R.pushT = function (it, out, op, n, method, abr, p) {
    if (SLOW || abr !== 0 || R.exit !== 0 || R.tc !== 0 || R.td !== 0 || inTry()) return -1;
    if (!it.live || it.listing || it.ls !== -1 || typeof n !== 'number') return -1;
    if (method !== null && !DIRECT_STRING.has(method)) return -1;
    const a = it.a;
    if (!isArray(out) || out === a || !Object.isExtensible(out)) return -1;
    const pending = I.wordsOf(a);
    const items = pending === undefined ? a : pending.words;
    const len = items.length;
    const S = R.S;
    if (S.n + len > S.m) return -1;
    // Each element as R.at reads it: an unfilled list's words all carry its label, which the
    // element's join must leave as it is; other items must be strings.
    const sl = pending === undefined ? a[SL] || 0 : pending.l;
    if (pending !== undefined) {
      const k = J(it.rl, sl);
      if (k !== 0 && (k !== sl || J(sl, sl) !== sl)) return -1;
    } else {
      for (let i = 0; i < len; i++) {
        const x = a[i];
        if (typeof x !== 'string' && !(x instanceof Box && typeof x.v === 'string')) return -1;
      }
    }
    const f = LENGTH_TESTS[op];
    // R.more's first call: the structure label is joined once.
    it.ls = sl;
    it.k = J(it.rl, sl);
    it.l = J(it.l, it.k);
    it.c = it.l;
    if (len === 0) return 0;
    const lt = J(p, it.c);
    const own = lt === 0 ? 0 : J(lt, 0);
    const k = it.k;
    // Joins are pure and memoised: an item labeled as the one before it (every word of a list)
    // reuses their answers; R.upc of the same list under the same context, its structure label
    // unchanged since, returns at once, so it is not called again.
    let lastL = -1;
    let tl = 0;
    let tested = own;
    let upPc = -1;
    let upSl = -1;
    for (let i = 0; i < len; i++) {
      S.n++;
      R.pc = own;
      let w, s, l, d;
      if (pending !== undefined) {
        s = items[i];
        l = sl;
        d = -2;
      } else {
        w = k === 0 ? items[i] : elem(items[i], k, 'element', -1);
        if (w instanceof Box) {
          s = w.v;
          l = w.l;
          d = w.d;
        } else {
          s = w;
          l = 0;
        }
      }
      // R.gtL…: a labeled string's length against a plain number answers under its label, unverified.
      if (l !== lastL) {
        lastL = l;
        tl = l === 0 ? 0 : J(l, 0);
        tested = tl === 0 ? own : J(own, tl);
      }
      R.pc = tested;
      if (f(s.length, n)) {
        // (A word of an unfilled list: its node as filling the list would make it.)
        if (d === -2) d = I.node(pending.op, pending.from, -1, l);
        let v;
        if (method === null) v = l === 0 ? s : w !== undefined ? w : new Box(s, l, d);
        else if (l === 0) v = s[method]();
        else v = stringDirectOf(s, l, d, method, undefined, undefined);
        if (R.pc === 0 && out[SL] === undefined && out.length < R.AL) {
          wrote(out);
          out[LISTING] = false;
          out.push(v);
        } else if (strict && (R.pc !== 0 || out[SL] !== undefined)) pushOne(out, v);
        else R.push1(out, v);
      }
      if (strict && R.pc !== 0 && (R.pc !== upPc || out[SL] !== upSl)) {
        R.upc(out);
        upPc = R.pc;
        upSl = out[SL];
      }
      R.pc = own;
    }
    return 0;
  };
  // A list of strings (split's answer) as Bridge.fromNative makes it, without a call per element:
  // each string and the list labeled `all`, linked to the receiver's node. null if one is not a string.
  function stringList(v, all, name) {
    for (let i = 0; i < v.length; i++) if (typeof v[i] !== 'string') return null;
    const c = newArr(all);
    for (let i = 0; i < v.length; i++) c.push(mk(checkStr(v[i]), all, name, from, -1));
    checkArr(c);
    return mk(c, all, name, from, -1);
  }
  // The table's name for a receiver's type (null: nothing has methods).
  function typeOfReceiver(o) {
    const t = typeof o;
    if (t === 'string' || t === 'number' || t === 'boolean') return t;
    if (isArray(o)) return 'array';
    if (o instanceof LMap) return 'map';
    if (o instanceof LSet) return 'set';
    if (o instanceof Date) return 'date';
    if (o instanceof RegExp) return 'regexp';
    return isObj(o) ? 'object' : null;
  }
  const PLURAL = { string: 'strings', number: 'numbers', array: 'arrays', regexp: 'regular expressions' };
  function noMethod(t, name) {
    const q = "'" + name + "'";
    if (t === 'map' || t === 'set') return (t === 'map' ? 'Map' : 'Set') + ' has no method ' + q + ' in plans';
    if (t === 'date') return 'dates have no method ' + q + ' in plans (dates are values: build a new Date instead)';
    if (t === 'boolean') return 'booleans have no method ' + q;
    // Functions are never stored in data (the front end refuses it), so an object has no
    // methods of its own: nothing here can call plan code chosen by a key.
    if (t === 'object') return 'this object has no method ' + q;
    if (t === null) return 'cannot call ' + q + ' on this value';
    return PLURAL[t] + ' have no method ' + q + ' in plans';
  }
  const methodCall = function (o, name, args) {
    const recv = o;
    let l = 0;
    from = -1;
    if (o instanceof Box) {
      l = o.l;
      from = o.d;
      o = o.v;
      acc(l);
    }
    name = I.key(raw(name));
    if (o === null || o === undefined) return typeError("cannot call '" + name + "' on " + o, l);
    const t = typeOfReceiver(o);
    const e = t === null ? undefined : METHODS_OF.get(t).get(name);
    if (e === undefined) return typeError(noMethod(t, name), lab(recv));
    return e.rule !== null ? e.rule(e.impl, o, l, args, name) : lift(e.impl, recv, args, name, e.writes, e.text);
  };

  // ---- functions and constructors --------------------------------------------------------------
  function builtin(name, args) {
    const e = TABLE.get(name);
    if (e === undefined) return typeError(name + ' is not available in plans', 0);
    from = args.length ? I.dOf(args[0]) : -1;
    return e.rule !== null ? e.rule(e.impl, NONE, 0, args, name) : lift(e.impl, NONE, args, name, false, e.text);
  }
  const builtinSlow = guarded(function (name, args) {
    if (I.inTry()) acc(deepLab(args));
    noFunctionData(null, name, args);
    const al = args[SL] || 0;
    const r = builtin(name, args);
    return al === 0 ? r : withL(r, al, 'spread');
  });
  // String(x) of a plain primitive (no label, no function, no container) is the native answer.
  R.bi = function (name, args) {
    if (name === 'String' && args.length === 1 && !SLOW) {
      const x = args[0];
      const t = typeof x;
      if (t === 'number' || t === 'boolean' || x === undefined) return String(x);
      if (t === 'string') return x;
    }
    return builtinSlow(name, args);
  };
  R.newc = guarded(function (kind, args) {
    if (I.inTry()) acc(deepLab(args));
    noFunctionData(null, kind, args);
    // A spread argument list: what arrives (even nothing) depends on the spread sources (class D).
    const al = args[SL] || 0;
    const r = builtin('new ' + kind, args);
    if (al === 0) return r;
    if (kind !== 'Date') raise(raw(r), al);
    return withL(r, al, 'spread');
  });
  R.lim_string = I.LIM.stringLength;
});
