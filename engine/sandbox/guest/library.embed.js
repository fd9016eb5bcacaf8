// Built-ins and methods for plans, INSIDE the sandbox: `R.mc` (method calls on strings,
// numbers, arrays, plain objects, Map, Set, Date, RegExp), `R.bi` (JSON, Math, Number, …) and
// `R.newc` (new Map/Set/Date). Every result carries the join of the labels it depends on
// (semantics §2): the receiver, every argument, the structure of containers read, and for
// callbacks the labels of what they returned. Evaluated as `(R) => void` after runtime.embed.js.
(function (R) {
  'use strict';
  const I = R.__internal;
  delete R.__internal;
  const { Box, LMap, LSet, SL, J, JK, mk, raw, lab, elem, withL, deepLab, plain, newArr, newObj, isObj } = I;
  const { checkStr, checkArr, typeError, spreadList, pair, str, acc, strict, inTry, LISTING, back, conv } = I;
  const isArray = Array.isArray;
  // Raises a container's structure label. An unlabeled container keeps no entry at all: the
  // fast paths (here, in the runtime and in compiled code) test for its absence.
  function raise(o, l) {
    if (l !== 0) o[SL] = J(o[SL] || 0, l);
  }

  // Unwraps every argument: raw values plus the join of their labels (deep for containers).
  function argsOf(args) {
    let l = 0;
    const vs = new Array(args.length);
    for (let i = 0; i < args.length; i++) {
      const a = args[i];
      if (typeof a === 'function' || (a instanceof Box && typeof a.v === 'function')) {
        vs[i] = a;
        continue;
      }
      // A regex (its reference labeled or not) is passed as itself: its state is its own label.
      const ra = a instanceof Box ? a.v : a;
      if (ra instanceof RegExp) {
        vs[i] = ra;
        if (a instanceof Box) l = J(l, a.l);
        continue;
      }
      l = J(l, deepLab(a));
      vs[i] = plain(a);
    }
    return { vs: vs, l: l };
  }
  // A fresh array of results all labeled l (split, match, keys, …).
  // The receiver's dependency node for the method call in progress: results link to it, so
  // lineage reads "toUpperCase ← source getEmail(m1).subject".
  let from = -1;
  function labeledArray(items, l, op) {
    const a = newArr(l);
    for (let i = 0; i < items.length; i++) a.push(mk(items[i], l, op, from, -1));
    return checkArr(a);
  }
  const wrap = (v, l, op) => {
    if (typeof v === 'string') return mk(checkStr(v), l, op, from, -1);
    if (isArray(v)) return labeledArray(v, l, op);
    if (v !== null && typeof v === 'object' && !(v instanceof Date)) return fromPlain(v, l);
    return mk(v, l, op, from, -1);
  };
  // A container that exists only because data labeled l said so (match and exec found
  // something, JSON.parse read `[` or `{`; otherwise the answer is a labeled primitive): its
  // reference carries l, so every read of it in a try joins l (R.gets/R.get/R.iter accumulate
  // a Box's label, §3a), as the read of the labeled null would. A tool's listing is an array
  // whatever the mail says, so it stays unboxed (only its structure is labeled).
  const decided = (c, l, op) => mk(c, l, op, from, -1);
  // A plain JS value (e.g. from JSON.parse or a RegExp match) as a plan value labeled l throughout.
  function fromPlain(v, l) {
    if (isArray(v)) {
      const a = newArr(l);
      for (let i = 0; i < v.length; i++) a.push(fromPlain(v[i], l));
      return checkArr(a);
    }
    if (v !== null && typeof v === 'object') {
      const o = newObj();
      for (const k of Object.keys(v)) o[k] = fromPlain(v[k], l);
      if (l) o[SL] = l;
      return o;
    }
    return mk(typeof v === 'string' ? checkStr(v) : v, l, 'parse', -1, -1);
  }

  // The method lists come from the host (engine/plan/builtins.ts), shared with the front end.
  const M = I.cfg.methods;
  const STRING_METHODS = new Set(M.string);
  function stringMethod(s, l, name, args) {
    if (!STRING_METHODS.has(name)) typeError("strings have no method '" + name + "' in plans", l);
    const a = argsOf(args);
    for (const v of a.vs)
      if (typeof v === 'function' || v instanceof Box) typeError("'" + name + "' does not take a function in plans", l);
    let all = J(l, a.l);
    for (const v of a.vs)
      if (v instanceof RegExp) {
        all = J(all, v[SL] || 0);
        regexState(v, all);
      }
    if (name === 'repeat' || name === 'padStart' || name === 'padEnd') {
      const n = +a.vs[0];
      if (n * (name === 'repeat' ? s.length : 1) > R.lim_string)
        I.limit('stringLength', 'a string grew past ' + R.lim_string + ' characters');
    }
    if (name === 'matchAll')
      return wrap(
        [...s.matchAll(a.vs[0])].map((m) => [...m]),
        all,
        'matchAll',
      );
    if (name === 'match') {
      const m = s.match(a.vs[0]);
      return m === null ? mk(null, all, 'match', -1, -1) : decided(wrap([...m], all, 'match'), all, 'match');
    }
    return wrap(String.prototype[name].apply(s, a.vs), all, name);
  }
  const NUMBER_METHODS = new Set(M.number);
  function numberMethod(n, l, name, args) {
    if (!NUMBER_METHODS.has(name)) typeError("numbers have no method '" + name + "' in plans", l);
    const a = argsOf(args);
    return wrap(Number.prototype[name].apply(n, a.vs), J(l, a.l), name);
  }
  const DATE_METHODS = new Set(M.date);
  function dateMethod(d, l, name, args) {
    if (!DATE_METHODS.has(name))
      typeError("dates have no method '" + name + "' in plans (dates are values: build a new Date instead)", l);
    const a = argsOf(args);
    const v = Date.prototype[name].apply(d, a.vs);
    return mk(typeof v === 'string' ? v : v, J(l, a.l), name, -1, -1);
  }

  // Calls a plan callback; in STRICT mode it runs under the structure's label (that it runs at
  // all, and how often, depends on which elements exist).
  // A callback resolved once per method call: the plan function and its own label.
  function callback(f) {
    const fl = f instanceof Box ? f.l : 0;
    return { fn: R.callee(f), l: fl };
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
    const v = raw(x);
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
    // Plain numbers, an unlabeled receiver and comparator, an empty context, and a comparator
    // with a native copy: every call would take the copy (its own guard) and answer a plain
    // number, so the native sort with the copy makes the same calls and the same order.
    const fc = f === undefined ? null : callback(f);
    const copy = fc === null || fc.l !== 0 || R.pc !== 0 || R.exit !== 0 ? undefined : I.nativeCopy(fc.fn);
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
  // Elements compared by value: a plan value equals another when their raw values are equal.
  const same = (x, y) => {
    const a = raw(x);
    const b = raw(y);
    return a === b || (a !== a && b !== b);
  };
  const MUTATING = new Set(M.mutating);
  function arrayMethod(arr, rl, name, args) {
    // The request's parameters are frozen (runtime freezeDeep): say so, as a write to them does.
    if (MUTATING.has(name) && !Object.isExtensible(arr))
      typeError('input is read-only in plans', J(J(rl, arr[SL] || 0), strict ? R.pc : 0));
    // push on an unlabeled array outside any context: the loop-building hot path.
    if (name === 'push' && rl === 0 && arr[SL] === undefined && args[SL] === undefined && (!strict || R.pc === 0)) {
      for (let i = 0; i < args.length; i++) arr.push(args[i]);
      checkArr(arr);
      return arr.length;
    }
    const sl = J(rl, arr[SL] || 0);
    const at = (i) => elem(arr[i], sl, '[' + i + ']', -1);
    const ctxL = strict ? R.pc : 0;
    if (MUTATING.has(name)) {
      // Changed: no longer the listing a tool returned.
      arr[LISTING] = false;
      acc(sl);
      // The array changes under the reference's label and (STRICT) the context.
      // How many arguments arrive (a spread) decides how the array grows.
      const changeL = J(J(rl, ctxL), name === 'push' || name === 'unshift' || name === 'splice' ? args[SL] || 0 : 0);
      const put = (v) => (strict ? withL(v, changeL) : withL(v, rl));
      let out;
      switch (name) {
        case 'push':
          for (const v of args) arr.push(put(v));
          checkArr(arr);
          out = mk(arr.length, sl, 'push', -1, -1);
          break;
        case 'unshift':
          arr.unshift(...args.map(put));
          checkArr(arr);
          out = mk(arr.length, sl, 'unshift', -1, -1);
          break;
        case 'pop':
          out = arr.length ? elem(arr.pop(), sl, 'pop', -1) : mk(undefined, sl, 'pop', -1, -1);
          break;
        case 'shift':
          out = arr.length ? elem(arr.shift(), sl, 'shift', -1) : mk(undefined, sl, 'shift', -1, -1);
          break;
        case 'splice': {
          const a = argsOf(args.slice(0, 2));
          const removed = arr.splice(a.vs[0], a.vs.length > 1 ? a.vs[1] : arr.length, ...args.slice(2).map(put));
          checkArr(arr);
          raise(arr, a.l);
          out = newArr(J(sl, a.l));
          for (const e of removed) out.push(e);
          break;
        }
        case 'sort': {
          const f = args[0];
          const r = sortWith(arr.slice(), f === undefined ? undefined : f, sl);
          for (let i = 0; i < r.items.length; i++) arr[i] = r.items[i];
          raise(arr, r.l);
          out = arr;
          break;
        }
        case 'reverse':
          arr.reverse();
          out = arr;
          break;
        case 'fill': {
          const a = argsOf(args.slice(1));
          arr.fill(put(args[0]), ...a.vs);
          raise(arr, a.l);
          out = arr;
          break;
        }
      }
      if (changeL) raise(arr, changeL);
      return out;
    }
    switch (name) {
      case 'at': {
        const a = argsOf(args);
        const i = Math.trunc(+a.vs[0] || 0);
        const k = i < 0 ? arr.length + i : i;
        return k >= 0 && k < arr.length ? elem(arr[k], J(sl, a.l), 'at', -1) : mk(undefined, J(sl, a.l), 'at', -1, -1);
      }
      case 'slice': {
        const a = argsOf(args);
        const out = newArr(J(sl, a.l));
        for (const e of arr.slice(...a.vs)) out.push(e);
        return out;
      }
      case 'concat': {
        const out = newArr(sl);
        for (const e of arr) out.push(e);
        for (const x of args) {
          // Whether x is spread (an array) or appended depends on x itself.
          raise(out, lab(x));
          const v = raw(x);
          if (isArray(v)) for (const e of v) out.push(e);
          else out.push(x);
        }
        return checkArr(out);
      }
      case 'join': {
        const a = argsOf(args);
        const sep = a.vs.length && a.vs[0] !== undefined ? String(a.vs[0]) : ',';
        let l = J(sl, a.l);
        let s = '';
        for (let i = 0; i < arr.length; i++) {
          const x = arr[i];
          const v = raw(x);
          const sx = v == null ? { s: '', l: lab(x) } : str(x);
          l = J(l, sx.l);
          s += (i ? sep : '') + sx.s;
          checkStr(s);
        }
        return mk(s, l, 'join', -1, -1);
      }
      case 'includes':
      case 'indexOf':
      case 'lastIndexOf': {
        // The answer depends on every element compared and on the probe.
        const a = argsOf(args.slice(1));
        let l = J(J(sl, lab(args[0])), a.l);
        let r = -1;
        const from = a.vs.length ? a.vs[0] : undefined;
        const idxs = [];
        if (name === 'lastIndexOf') {
          const start =
            from === undefined ? arr.length - 1 : from < 0 ? arr.length + from : Math.min(from, arr.length - 1);
          for (let i = start; i >= 0; i--) idxs.push(i);
        } else
          for (let i = from === undefined ? 0 : from < 0 ? Math.max(0, arr.length + from) : from; i < arr.length; i++)
            idxs.push(i);
        for (const i of idxs) {
          l = J(l, lab(arr[i]));
          if (
            name === 'includes'
              ? same(arr[i], args[0]) || (raw(arr[i]) !== raw(arr[i]) && raw(args[0]) !== raw(args[0]))
              : raw(arr[i]) === raw(args[0])
          ) {
            r = i;
            break;
          }
        }
        return mk(name === 'includes' ? r >= 0 : r, l, name, -1, -1);
      }
      case 'forEach':
      case 'map':
      case 'filter':
      case 'find':
      case 'findIndex':
      case 'findLast':
      case 'findLastIndex':
      case 'some':
      case 'every':
      case 'flatMap': {
        const f = callback(args[0]);
        const out = newArr(sl);
        let l = sl;
        const n = arr.length;
        const back = name === 'findLast' || name === 'findLastIndex';
        for (let s = 0; s < n; s++) {
          const i = back ? n - 1 - s : s;
          if (i >= arr.length) break;
          const x = at(i);
          // That this call happens at all depends on what the earlier calls answered (find, some…).
          const r = cb(f, l, x, mk(i, sl, 'index', -1, -1), arr);
          if (name === 'map') out.push(I.noFn(r, sl));
          else if (name === 'flatMap') {
            const rv = raw(I.noFn(r, sl));
            raise(out, lab(r));
            if (isArray(rv)) for (const e of rv) out.push(e);
            else out.push(r);
          } else if (name !== 'forEach') {
            l = J(l, lab(r));
            const t = !!raw(r);
            if (name === 'filter') {
              if (t) out.push(arr[i]);
            } else if (name === 'find' || name === 'findLast') {
              if (t) return elem(arr[i], l, name, -1);
            } else if (name === 'findIndex' || name === 'findLastIndex') {
              if (t) return mk(i, l, name, -1, -1);
            } else if (name === 'some') {
              if (t) return mk(true, l, 'some', -1, -1);
            } else if (name === 'every') {
              if (!t) return mk(false, l, 'every', -1, -1);
            }
          }
        }
        checkArr(out);
        switch (name) {
          case 'forEach':
            return undefined;
          case 'filter':
            if (l) out[SL] = l;
            return out;
          case 'find':
          case 'findLast':
            return mk(undefined, l, name, -1, -1);
          case 'findIndex':
          case 'findLastIndex':
            return mk(-1, l, name, -1, -1);
          case 'some':
            return mk(false, l, 'some', -1, -1);
          case 'every':
            return mk(true, l, 'every', -1, -1);
          default:
            return out;
        }
      }
      case 'reduce':
      case 'reduceRight': {
        const f = callback(args[0]);
        const n = arr.length;
        let k = 0;
        let accv;
        if (args.length > 1) accv = args[1];
        else {
          if (n === 0) typeError('reduce of an empty array with no initial value', sl);
          accv = at(name === 'reduce' ? 0 : n - 1);
          k = 1;
        }
        for (; k < n; k++) {
          const i = name === 'reduce' ? k : n - 1 - k;
          accv = cb(f, sl, accv, at(i), mk(i, sl, 'index', -1, -1), arr);
        }
        return withL(accv, sl, 'reduce');
      }
      case 'flat': {
        // How deep it flattens decides which elements come out: the depth's label is structure
        // (deep: a container as the depth is converted through its text).
        const dc = args.length ? conv(args[0]) : { v: 1, l: 0 };
        const out = newArr(J(sl, dc.l));
        const depth = +dc.v;
        const go = (a, d, l) => {
          for (const e of a) {
            const v = raw(e);
            raise(out, J(lab(e), l));
            if (isArray(v) && d > 0) go(v, d - 1, J(l, lab(e)));
            else out.push(elem(e, l, 'flat', -1));
          }
        };
        go(arr, depth, 0);
        return checkArr(out);
      }
      case 'toSorted': {
        const r = sortWith(
          arr.map((e, i) => at(i)),
          args[0],
          sl,
        );
        const out = newArr(r.l);
        for (const e of r.items) out.push(e);
        return out;
      }
      case 'toReversed': {
        const out = newArr(sl);
        for (let i = arr.length - 1; i >= 0; i--) out.push(arr[i]);
        return out;
      }
      case 'keys':
      case 'entries':
      case 'values': {
        const out = newArr(sl);
        for (let i = 0; i < arr.length; i++)
          out.push(name === 'keys' ? mk(i, sl, 'key', -1, -1) : name === 'values' ? at(i) : pair(i, arr[i], sl));
        return out;
      }
      case 'toString':
        return arrayMethod(arr, rl, 'join', []);
      default:
        return typeError("arrays have no method '" + name + "' in plans", sl);
    }
  }
  function mapMethod(m, rl, name, args) {
    const sl = J(rl, m[SL] || 0);
    const isMap = m instanceof LMap;
    const k0 = args[0];
    const rk = raw(k0);
    const kl = lab(k0);
    const changeL = J(rl, strict ? R.pc : 0);
    switch (name) {
      case 'get': {
        if (!isMap) break;
        const e = m.m.get(rk);
        return e ? elem(e[1], J(J(sl, kl), lab(e[0])), 'get', -1) : mk(undefined, J(sl, kl), 'get', -1, -1);
      }
      case 'has': {
        const e = m.m.get(rk);
        return mk(!!e, J(J(sl, kl), e ? lab(isMap ? e[0] : e) : 0), 'has', -1, -1);
      }
      case 'set':
      case 'add': {
        if ((name === 'set') !== isMap) break;
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
      case 'clear':
        m.m.clear();
        raise(m, changeL);
        return undefined;
      case 'keys':
      case 'values':
      case 'entries': {
        const out = newArr(sl);
        for (const e of m.m.values()) {
          if (!isMap) out.push(name === 'entries' ? pair(e, e, sl) : elem(e, sl, name, -1));
          else if (name === 'keys') out.push(elem(e[0], sl, 'key', -1));
          else if (name === 'values') out.push(elem(e[1], J(sl, lab(e[0])), 'value', -1));
          else out.push(pair(e[0], e[1], sl));
        }
        return out;
      }
      case 'forEach': {
        for (const e of [...m.m.values()]) {
          if (isMap) cb(args[0], sl, elem(e[1], sl, 'value', -1), elem(e[0], sl, 'key', -1), m);
          else cb(args[0], sl, elem(e, sl, 'value', -1), elem(e, sl, 'value', -1), m);
        }
        return undefined;
      }
    }
    return typeError((isMap ? 'Map' : 'Set') + " has no method '" + name + "' in plans", sl);
  }
  // A global or sticky regular expression keeps state (lastIndex) between uses: what it was
  // used on is part of every later answer.
  function regexState(re, l) {
    if (re.global || re.sticky) raise(re, J(l, strict ? R.pc : 0));
  }
  function regexMethod(re, l, name, args) {
    const a = argsOf(args);
    const all = J(J(l, a.l), re[SL] || 0);
    regexState(re, all);
    if (name === 'test') return mk(re.test(String(a.vs[0])), all, 'test', -1, -1);
    if (name === 'exec') {
      const m = re.exec(String(a.vs[0]));
      return m === null ? mk(null, all, 'exec', -1, -1) : decided(wrap([...m], all, 'exec'), all, 'exec');
    }
    return typeError("regular expressions have no method '" + name + "' in plans", l);
  }

  // A native failure inside a built-in (a RangeError from repeat, an invalid date) becomes a
  // catchable plan error labeled with what it depended on; limits and plan errors pass through.
  function guarded(impl) {
    return function (a, b, c) {
      try {
        return impl(a, b, c);
      } catch (e) {
        if (e instanceof I.PlanThrow || e instanceof I.LimitError || e instanceof InternalError) throw e;
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
    // (Never the input, which is labeled and frozen: arrayMethod refuses to change it.)
    if (name === 'push' && isArray(o) && args[SL] === undefined) {
      if (o[SL] === undefined && R.pc === 0) {
        o[LISTING] = false;
        for (let i = 0; i < args.length; i++) o.push(I.noFn(args[i], 0));
        checkArr(o);
        return o.length;
      }
      if (!inTry() && Object.isExtensible(o) && noFnArgs(args)) {
        if (strict) return pushUnder(o, args);
        // NORMAL under a context: arrayMethod's own push path for an unlabeled array (which,
        // unlike the one above, leaves the listing mark as it is).
        if (o[SL] === undefined) {
          for (let i = 0; i < args.length; i++) o.push(args[i]);
          checkArr(o);
          return o.length;
        }
      }
    } else if (args[SL] === undefined && DIRECT_STRING.has(name)) {
      const r = o instanceof Box ? stringDirect(o.v, o.l, o.d, name, args) : stringDirect(o, 0, -1, name, args);
      if (r !== NOT_DIRECT) return r;
    }
    return guardedMc(o, name, args);
  };
  function noFnArgs(args) {
    for (let i = 0; i < args.length; i++) {
      const v = args[i];
      if (typeof v === 'function' || (v instanceof Box && typeof v.v === 'function')) return false;
    }
    return true;
  }
  // arrayMethod's push (STRICT) on an unboxed, extensible array, labeled or under a context,
  // outside any try, with no function among the arguments: nothing but a limit can throw, so
  // neither guardedMc's checks nor its catch apply. Each element joins the context, and so does
  // the array's structure.
  function pushUnder(arr, args) {
    const sl = J(0, arr[SL] || 0);
    const changeL = J(0, R.pc);
    arr[LISTING] = false;
    acc(sl);
    for (let i = 0; i < args.length; i++) arr.push(withL(args[i], changeL));
    checkArr(arr);
    const out = mk(arr.length, sl, 'push', -1, -1);
    raise(arr, changeL);
    return out;
  }
  // String methods that cannot throw natively when given at most two primitive arguments
  // (labeled or not): stringMethod's answer without argsOf, guardedMc or its catch. The result
  // carries the string's label and the arguments' (as stringMethod: receiver, then arguments).
  // padStart/padEnd keep stringMethod's length limit; repeat, normalize (RangeError) and the
  // regex-taking methods (a string argument becomes a pattern that may not compile) stay general.
  const DIRECT_STRING = new Set(M.plainString.concat(['split', 'padStart', 'padEnd']));
  const NOT_DIRECT = {};
  function stringDirect(s, l, d, name, args) {
    if (typeof s !== 'string' || args.length > 2) return NOT_DIRECT;
    const b0 = args[0];
    const b1 = args[1];
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
    // Explicit undefined arguments answer as omitted ones for every method of DIRECT_STRING.
    const v = s[name](a0, a1);
    if (typeof v === 'string') return mk(checkStr(v), all, name, d, -1);
    if (isArray(v)) {
      from = d;
      return labeledArray(v, all, name);
    }
    return mk(v, all, name, d, -1);
  }
  const methodCall = function (o, name, args) {
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
    const t = typeof o;
    if (t === 'string') return stringMethod(o, l, name, args);
    if (t === 'number') return numberMethod(o, l, name, args);
    if (t === 'boolean') {
      if (name === 'toString' || name === 'valueOf') return mk(name === 'toString' ? String(o) : o, l, name, -1, -1);
      return typeError("booleans have no method '" + name + "'", l);
    }
    if (isArray(o)) return arrayMethod(o, l, name, args);
    if (o instanceof LMap || o instanceof LSet) return mapMethod(o, l, name, args);
    if (o instanceof Date) return dateMethod(o, l, name, args);
    if (o instanceof RegExp) return regexMethod(o, l, name, args);
    if (isObj(o)) {
      if (name === 'hasOwnProperty') {
        const k = args[0];
        const hk = I.key(raw(k), lab(k));
        return mk(Object.prototype.hasOwnProperty.call(o, String(hk)), J(J(l, o[SL] || 0), lab(k)), 'has', -1, -1);
      }
      // Functions are never stored in data (the front end refuses it), so an object has no
      // methods of its own: nothing here can call plan code chosen by a key.
      return typeError("this object has no method '" + name + "'", J(l, o[SL] || 0));
    }
    return typeError("cannot call '" + name + "' on this value", l);
  };

  // ---- static built-ins -----------------------------------------------------------------------
  const MATH = new Set(I.cfg.math);
  function numeric(fn, args) {
    const a = argsOf(args);
    return mk(fn(...a.vs), a.l, 'math', -1, -1);
  }
  function jsonStringify(args) {
    const v = args[0];
    const l = deepLab(v);
    const a = argsOf(args.slice(2));
    if (args.length > 1 && raw(args[1]) != null) typeError('JSON.stringify replacers are not supported in plans', l);
    const s = JSON.stringify(plain(v, undefined, true), null, a.vs[0]);
    return mk(s === undefined ? undefined : checkStr(s), J(l, a.l), 'JSON.stringify', I.dOf(v), -1);
  }
  function jsonParse(args) {
    // The text parsed: a container's is its own text, under its deep label (conv).
    const c = conv(args[0]);
    const l = c.l;
    acc(l);
    let parsed;
    try {
      parsed = JSON.parse(String(c.v));
    } catch (e) {
      throw new I.PlanError('RuntimeError', 'JSON.parse: ' + e.message, J(l, R.pc));
    }
    const v = fromPlain(parsed, l);
    return parsed !== null && typeof parsed === 'object' ? decided(v, l, 'JSON.parse') : v;
  }
  function objectStatic(name, args) {
    let o = args[0];
    let l = 0;
    if (o instanceof Box) {
      l = o.l;
      o = o.v;
    }
    if (name === 'fromEntries') {
      const out = newObj();
      let sl = J(lab(args[0]), strict ? R.pc : 0);
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
    if (!isObj(o) && !isArray(o)) typeError('Object.' + name + ' needs a plain object or an array', l);
    const sl = J(l, o[SL] || 0);
    const keys = Object.keys(o);
    const out = newArr(sl);
    for (const k of keys) {
      if (name === 'keys') out.push(mk(k, sl, 'key', -1, -1));
      else if (name === 'values') out.push(elem(o[k], sl, 'value', -1));
      else out.push(pair(k, o[k], sl));
    }
    return out;
  }
  // String(x) of a plain primitive (no label, no function, no container) is the native answer.
  const builtinSlow = guarded(function (name, args) {
    if (I.inTry()) acc(deepLab(args));
    noFunctionData(null, name, args);
    const al = args[SL] || 0;
    const r = builtin(name, args);
    return al === 0 ? r : withL(r, al, 'spread');
  });
  R.bi = function (name, args) {
    if (name === 'String' && args.length === 1) {
      const x = args[0];
      const t = typeof x;
      if (t === 'number' || t === 'boolean' || x === undefined) return String(x);
      if (t === 'string') return x;
    }
    return builtinSlow(name, args);
  };
  const builtin = function (name, args) {
    const dot = name.indexOf('.');
    const ns = dot < 0 ? '' : name.slice(0, dot);
    const fn = dot < 0 ? name : name.slice(dot + 1);
    if (ns === 'Math') {
      if (!MATH.has(fn)) typeError('Math.' + fn + ' is not available in plans', 0);
      return numeric(Math[fn], args);
    }
    switch (name) {
      case 'JSON.stringify':
        return jsonStringify(args);
      case 'JSON.parse':
        return jsonParse(args);
      case 'Object.keys':
      case 'Object.values':
      case 'Object.entries':
      case 'Object.fromEntries':
        return objectStatic(fn, args);
      case 'Array.isArray':
        return mk(isArray(raw(args[0])), lab(args[0]), 'isArray', -1, -1);
      case 'Number':
      case 'parseInt':
      case 'parseFloat':
      case 'isNaN':
      case 'isFinite':
      case 'Number.isInteger':
      case 'Number.isFinite':
      case 'Number.isNaN':
      case 'Number.parseFloat':
      case 'Number.parseInt':
      case 'Number.isSafeInteger': {
        const f =
          { Number: Number, parseInt: parseInt, parseFloat: parseFloat, isNaN: isNaN, isFinite: isFinite }[name] ||
          Number[fn];
        const x = args[0];
        const rv = raw(x);
        const l = rv !== null && typeof rv === 'object' ? deepLab(x) : lab(x);
        const a = argsOf(args.slice(1));
        return mk(f(rv !== null && typeof rv === 'object' ? str(x).s : rv, ...a.vs), J(l, a.l), name, I.dOf(x), -1);
      }
      case 'String': {
        if (args.length === 0) return '';
        const s = str(args[0]);
        return mk(checkStr(s.s), s.l, 'String', I.dOf(args[0]), -1);
      }
      case 'Boolean': {
        const x = args[0];
        return mk(!!raw(x), lab(x), 'Boolean', I.dOf(x), -1);
      }
      case 'Date.parse':
      case 'Date.UTC': {
        const a = argsOf(args);
        return mk(Date[fn](...a.vs), a.l, name, -1, -1);
      }
    }
    return typeError(name + ' is not available in plans', 0);
  };
  R.newc = guarded(function (kind, args) {
    if (I.inTry()) acc(deepLab(args));
    noFunctionData(null, kind, args);
    // A spread argument list: what arrives (even nothing) depends on the spread sources (class D).
    const al = args[SL] || 0;
    const r = construct(kind, args);
    if (al === 0) return r;
    if (kind !== 'Date') raise(r, al);
    return withL(r, al, 'spread');
  });
  function construct(kind, args) {
    if (kind === 'Date') {
      const a = argsOf(args);
      if (a.vs.length === 0) typeError('new Date() needs a value: the current time comes from now()', 0);
      const d = new Date(...a.vs);
      return a.l === 0 ? d : new Box(d, a.l, -1);
    }
    const m = kind === 'Map' ? new LMap() : new LSet();
    const l = strict ? R.pc : 0;
    if (l) m[SL] = l;
    if (args.length && raw(args[0]) != null) {
      for (const e of spreadList(args[0])) {
        if (kind === 'Map') {
          const p = raw(e);
          if (!isArray(p)) typeError('new Map() needs [key, value] pairs', lab(e));
          mapMethod(m, 0, 'set', [elem(p[0], lab(e), 'key', -1), elem(p[1], lab(e), 'value', -1)]);
        } else mapMethod(m, 0, 'add', [e]);
      }
    }
    // Which entries arrive depends on the source, a labeled null or undefined included.
    if (args.length) raise(m, lab(args[0]));
    return m;
  }
  R.lim_string = I.LIM.stringLength;
});
