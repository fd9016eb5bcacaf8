// The label runtime that runs INSIDE the QuickJS sandbox, next to the compiled plan.
// Evaluated once per run; its completion value is a factory `(host, cfg) => R`. The compiled
// plan receives R as a parameter named `__R`, which plan code cannot name (identifiers starting
// with `__` are rejected), so the plan can reach R only through the calls the compiler emits.
//
// Values: a raw primitive carries the bottom label (plan literal). A labeled primitive, or a
// labeled *reference* to a container/function/date, is a `Box {v, l, d}` (value, label id,
// dependency-graph node). Arrays and plain objects are real containers whose elements are
// values; their structure label lives under the private symbol SL. Labels are interned ids;
// joins are memoised, so the hot path is integer compares.
(function (host, cfg) {
  'use strict';
  const strict = cfg.mode === 'strict';
  // No fast path (cfg.slow, and every generic run): see the operators below.
  const SLOW = cfg.slow === true;
  const LIM = cfg.limits;
  const SL = Symbol('structure-label');
  // An array exactly as a tool returned it (never changed since): iterating it visits each item
  // because that item is in the listing, whatever the others are (see R.iter).
  const LISTING = Symbol('listing');
  // On a listing: the label of the call that chose it (its arguments and context). Every
  // iteration over the listing depends on it, whatever the item (a window, a query from an email).
  const CHOSEN = Symbol('chosen-by');
  const isArray = Array.isArray;
  const hasOwn = (o, k) => Object.prototype.hasOwnProperty.call(o, k);

  // ---- errors ---------------------------------------------------------------------------
  // A limit: never catchable by plan code (the compiled catch rethrows it).
  class LimitError extends Error {
    constructor(limit, message) {
      super(message);
      this.limit = limit;
    }
  }
  // An error the plan may catch: raised by an operation, a tool, or the gate.
  class PlanError extends Error {
    constructor(kind, message, l) {
      super(message);
      this.kind = kind;
      this.l = l;
    }
  }
  // A value thrown by plan code with `throw`.
  class PlanThrow extends Error {
    constructor(v, l) {
      super('plan threw');
      this.v = v;
      this.l = l;
    }
  }
  const S = { n: 0, m: LIM.steps, dead: false, tools: 0, big: 0, fatal: null };
  function limit(which, message) {
    const e = new LimitError(which, message);
    die(e);
    throw e;
  }
  // The run is over: every later step, call and await fails again, and the first fatal error is
  // what the host reports, even if plan code (a finally with a return) swallowed it.
  function die(e) {
    S.dead = true;
    S.m = -1;
    if (S.fatal === null) S.fatal = e;
  }
  function typeError(message, l) {
    throw new PlanError('RuntimeError', message, R.pc ? J(l || 0, R.pc) : l || 0);
  }

  // ---- labels ---------------------------------------------------------------------------
  const SRC_NAME = [];
  const SRC_TRUST = [];
  // Source ids by name, one map per trust (a name can be both: a trusted and an untrusted source).
  const SRC_TRUSTED = new Map();
  const SRC_UNTRUSTED = new Map();
  function srcId(name, trusted) {
    const ids = trusted ? SRC_TRUSTED : SRC_UNTRUSTED;
    let id = ids.get(name);
    if (id === undefined) {
      id = SRC_NAME.length;
      SRC_NAME.push(name);
      SRC_TRUST.push(trusted);
      ids.set(name, id);
    }
    return id;
  }
  function nameTable() {
    const names = [];
    const keys = new Map();
    return {
      names,
      // Lists of names already decoded (idSet), by their text.
      sets: new Map(),
      id(name) {
        let id = keys.get(name);
        if (id === undefined) {
          id = names.length;
          names.push(name);
          keys.set(name, id);
        }
        return id;
      },
    };
  }
  const CAPS = nameTable();
  const PRINCIPALS = nameTable();
  // Sources are sets of source ids, hash-consed trees of bitset nodes: a leaf holds LEAF words
  // of 30 bits, an inner node FAN children of the level below, and a set is its root node's id
  // (0: the empty set), of the least depth that holds its largest id. Equal sets are the same
  // id, so a label's key and a comparison are one number, and a join with a listing's structure
  // (every email of the mailbox: 100,000 sources) makes new nodes only on the path to what it
  // adds, a few dozen words, instead of copying a bitset as long as the mailbox per label.
  const LEAF = 64;
  const FAN = 16;
  // Per node: its words (a leaf) or children (inner), its depth (0: a leaf).
  const NKIDS = [null];
  const NDEPTH = [0];
  // Per leaf: the index of its first word that is not zero. A union's holds test reads both leaves
  // only from the later of the two, and its copy ORs the other leaf's words in from there.
  const NLO = [0];
  const NKEY = new Map();
  // Words and children all nodes hold: what the run's sources take, whatever the mailbox.
  let setWords = 0;
  // Per node: how many sources (filled when first asked).
  const NCOUNT = new Map();
  // A leaf's trailing zero words are left off (most sets are a few sources of a small run).
  // `lo`: for a leaf, a word at or before its first word that is not zero, if known.
  function setNode(depth, kids, lo) {
    let end = kids.length;
    while (end > 0 && kids[end - 1] === 0) end--;
    if (end === 0) return 0;
    if (depth === 0 && end < kids.length) kids = kids.slice(0, end);
    const key = depth + ':' + kids.join(',');
    let n = NKEY.get(key);
    if (n === undefined) {
      n = NKIDS.length;
      NKIDS[n] = kids;
      NDEPTH[n] = depth;
      if (depth === 0) {
        if (lo === undefined) lo = 0;
        while (kids[lo] === 0) lo++;
        NLO[n] = lo;
      }
      NKEY.set(key, n);
      setWords += kids.length;
    }
    return n;
  }
  // The union of two nodes at the same depth: either side when it already holds the other.
  function nodeUnion(a, b, depth) {
    if (a === b || b === 0) return a;
    if (a === 0) return b;
    const ka = NKIDS[a];
    const kb = NKIDS[b];
    // Leaves: no copy when one side already holds the other (a join into a listing's, mostly).
    // Only the words from the later first word on can differ that way; a longer leaf holds a word
    // the shorter lacks (trailing zero words are left off), as does one whose words start earlier.
    if (depth === 0) {
      const la = ka.length;
      const lb = kb.length;
      const loa = NLO[a];
      const lob = NLO[b];
      let aHolds = la >= lb && loa <= lob;
      let bHolds = lb >= la && lob <= loa;
      const m = la < lb ? la : lb;
      for (let i = loa > lob ? loa : lob; i < m && (aHolds || bHolds); i++) {
        const x = ka[i];
        const y = kb[i];
        if (x !== y) {
          const u = x | y;
          if (u !== x) aHolds = false;
          if (u !== y) bHolds = false;
        }
      }
      if (aHolds) return a;
      if (bHolds) return b;
      // Neither holds the other: the longer leaf's words with the other's from its first word.
      const long = la >= lb ? ka : kb;
      const short = la >= lb ? kb : ka;
      const out = long.slice();
      for (let i = la >= lb ? lob : loa; i < short.length; i++) out[i] |= short[i];
      return setNode(0, out, loa < lob ? loa : lob);
    }
    const n = ka.length > kb.length ? ka.length : kb.length;
    const out = new Array(n);
    let isA = ka.length === n;
    let isB = kb.length === n;
    for (let i = 0; i < n; i++) {
      const x = nodeUnion(ka[i], kb[i], depth - 1);
      out[i] = x;
      if (x !== ka[i]) isA = false;
      if (x !== kb[i]) isB = false;
    }
    return isA ? a : isB ? b : setNode(depth, out);
  }
  // A root one level deeper holding the same set (its first child).
  function deeper(n) {
    const kids = new Array(FAN).fill(0);
    kids[0] = n;
    return setNode(NDEPTH[n] + 1, kids);
  }
  function bsUnion(a, b) {
    if (a === b || b === 0) return a;
    if (a === 0) return b;
    while (NDEPTH[a] < NDEPTH[b]) a = deeper(a);
    while (NDEPTH[b] < NDEPTH[a]) b = deeper(b);
    return nodeUnion(a, b, NDEPTH[a]);
  }
  // The set of some ids, built from the leaves that hold them up (a source made late in a long
  // run has a large id: no level is built wider than the ids it holds).
  function bsOf(ids) {
    // Most sets are a few sources named early in the run: one leaf.
    let max = -1;
    let min = LEAF * 30;
    for (let i = 0; i < ids.length; i++) {
      if (ids[i] > max) max = ids[i];
      if (ids[i] < min) min = ids[i];
    }
    if (max < LEAF * 30) {
      // (The zeros written natively, and the first word set named: an email's source is
      // numbered after its listing's, some twenty words in, and a step per word, to zero it here
      // and to find the first set one in setNode, was a fifth of decoding an email's label.)
      const words = new Array(((max / 30) | 0) + 1).fill(0);
      for (let i = 0; i < ids.length; i++) words[(ids[i] / 30) | 0] |= 1 << (ids[i] % 30);
      return setNode(0, words, (min / 30) | 0);
    }
    let level = new Map();
    for (const id of ids) {
      const w = (id / 30) | 0;
      const at = (w / LEAF) | 0;
      let kids = level.get(at);
      if (kids === undefined) level.set(at, (kids = new Array(LEAF).fill(0)));
      kids[w % LEAF] |= 1 << (id % 30);
    }
    if (level.size === 0) return 0;
    let depth = 0;
    let top = 0;
    for (const [at, kids] of level) {
      level.set(at, setNode(0, kids));
      if (at > top) top = at;
    }
    for (; top > 0; top = (top / FAN) | 0) {
      const up = new Map();
      for (const [at, n] of level) {
        let kids = up.get((at / FAN) | 0);
        if (kids === undefined) up.set((at / FAN) | 0, (kids = new Array(FAN).fill(0)));
        kids[at % FAN] = n;
      }
      depth++;
      level = new Map();
      for (const [at, kids] of up) level.set(at, setNode(depth, kids));
    }
    return level.get(0);
  }
  // How many sources a set names, memoised per node: the parts of a listing's result share the
  // listing's nodes, so each part counts only the few nodes on the path to its own sources.
  function bsCount(s) {
    if (s === 0) return 0;
    let n = NCOUNT.get(s);
    if (n === undefined) {
      n = 0;
      const kids = NKIDS[s];
      if (NDEPTH[s] === 0) for (let i = 0; i < kids.length; i++) for (let x = kids[i]; x !== 0; x &= x - 1) n++;
      else for (let i = 0; i < kids.length; i++) n += bsCount(kids[i]);
      NCOUNT.set(s, n);
    }
    return n;
  }
  // Label table: sources, readers (null = public), caps, verified kind, unverified twin. (Whether
  // a label is trusted is the host's to read, from its sources' names: see sendNames.)
  const LS = [0];
  const LR = [null];
  const LC = [[]];
  const LV = [null];
  const LUNV = [0];
  // Labels by their set, each chained to the next label with the same set (they differ in
  // readers, caps or verified kind: a few at most): a lookup is one number's and compares the few
  // labels found, where a text key of all four parts cost a string built and hashed per intern.
  const LKEY = new Map([[0, 0]]);
  const LNEXT = [undefined];
  const sameIds = (a, b) => {
    if (a === b) return true;
    if (a === null || b === null || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  };
  function intern(s, r, c, v) {
    v = v || null;
    const first = LKEY.get(s);
    for (let id = first; id !== undefined; id = LNEXT[id])
      if (LV[id] === v && sameIds(LR[id], r) && sameIds(LC[id], c)) return id;
    if (LS.length >= LIM.labels) limit('labels', 'too many distinct labels in one run');
    const id = LS.length;
    LS[id] = s;
    LR[id] = r;
    LC[id] = c;
    LV[id] = v;
    LUNV[id] = id;
    LNEXT[id] = first;
    LKEY.set(s, id);
    if (v) LUNV[id] = intern(s, r, c, null);
    return id;
  }
  function union(a, b) {
    if (a.length === 0) return b;
    if (b.length === 0 || a === b) return a;
    const out = [];
    let i = 0;
    let j = 0;
    while (i < a.length || j < b.length) {
      if (j >= b.length || (i < a.length && a[i] < b[j])) out.push(a[i++]);
      else if (i >= a.length || b[j] < a[i]) out.push(b[j++]);
      else {
        out.push(a[i++]);
        j++;
      }
    }
    // Either side unchanged is that side: J then recognises the label without interning.
    return out.length === a.length ? a : out.length === b.length ? b : out;
  }
  function inter(a, b) {
    if (a === null) return b;
    if (b === null || a === b) return a;
    const out = [];
    for (let i = 0; i < a.length; i++) if (b.indexOf(a[i]) >= 0) out.push(a[i]);
    return out.length === a.length ? a : out.length === b.length ? b : out;
  }
  const JM = new Map();
  // The memo's key for a pair of ids (each below LIM.labels): a small integer while the smaller
  // id is below 2^31 / LIM.labels (QuickJS hashes those faster than doubles), exact beyond.
  const JW = LIM.labels;
  // Per label a join made: the two labels it was first made from. It holds all either holds.
  const JPA = [];
  const JPB = [];
  // Whether `a` holds `b`, known without reading their sets: a label a join made holds `b` when
  // one of the two it was made from does, by the memo (J(p, b) is p's unverified twin) or by
  // being `b`. (A growing label under a context: `digest += line` joins the context into a text
  // made from the one before, which already held it; a field read through a reference, joined
  // with the key the reference was read with.) Then J(a, b) is a's unverified twin: what the
  // union of their sets, readers and caps finds after walking both (test/engine/ifc/join-memo.test.ts).
  function heldVia(a, b) {
    const p = JPA[a];
    if (p === undefined) return false;
    if (p === b || JM.get(p < b ? p * JW + b : b * JW + p) === LUNV[p]) return true;
    const q = JPB[a];
    return q === b || JM.get(q < b ? q * JW + b : b * JW + q) === LUNV[q];
  }
  // Join: sources ∪, readers ∩, caps ∪, verified dropped.
  function J(a, b) {
    if (a === b) return LUNV[a];
    if (a === 0) return LUNV[b];
    if (b === 0) return LUNV[a];
    const k = a < b ? a * JW + b : b * JW + a;
    let r = JM.get(k);
    if (r === undefined) {
      // (Only the later of the two is asked: a label is made after the labels it is made from,
      // so a growing label is the later one; asking both cost more than it found.)
      const late = a > b ? a : b;
      if (!SLOW && heldVia(late, late === a ? b : a)) r = LUNV[late];
      else {
        const s = bsUnion(LS[a], LS[b]);
        const rd = inter(LR[a], LR[b]);
        const c = union(LC[a], LC[b]);
        // One side already holds the other (a comparator's answer joined into the order so far):
        // the join is that side's unverified twin, found without building the intern key.
        if (s === LS[a] && rd === LR[a] && c === LC[a]) r = LUNV[a];
        else if (s === LS[b] && rd === LR[b] && c === LC[b]) r = LUNV[b];
        else {
          const n = LS.length;
          r = intern(s, rd, c, null);
          if (r >= n) {
            JPA[r] = a;
            JPB[r] = b;
          }
        }
      }
      JM.set(k, r);
      // A join with what it was made from is the join itself (it holds that side, and it is
      // unverified): remembered now, since a label that grows joins its own parts again (a
      // branch's context with the structure it came from, a collection with the key it read).
      if (r !== a) JM.set(a < r ? a * JW + r : r * JW + a, r);
      if (r !== b) JM.set(b < r ? b * JW + r : r * JW + b, r);
    }
    return r;
  }
  // Join that keeps `a`'s verified kind: reading a verified value back from a container, or
  // binding it under a context, is identity for the value itself (semantics §2).
  function JK(a, b) {
    if (b === 0 || a === b) return a;
    if (LV[a] === null) return J(a, b);
    const u = J(a, b);
    if (u === LUNV[a]) return a;
    return intern(LS[u], LR[u], LC[u], LV[a]);
  }

  // ---- dependency graph -------------------------------------------------------------------
  // Bounded: past `graphNodes` nodes, new values point at one summary node per label (the label
  // is still exact; only the operation history is summarised).
  const GOP = [];
  const GA = [];
  const GB = [];
  const GL = [];
  const SUMM = new Map();
  function node(op, a, b, l) {
    if (GOP.length >= LIM.graphNodes) {
      let s = SUMM.get(l);
      if (s === undefined) {
        GOP.push('summary');
        GA.push(-1);
        GB.push(-1);
        GL.push(l);
        s = GOP.length - 1;
        SUMM.set(l, s);
      }
      return s;
    }
    // Stores at the end rather than push(): no method lookup and call per array.
    const n = GOP.length;
    GOP[n] = op;
    GA[n] = a;
    GB[n] = b;
    GL[n] = l;
    return n;
  }

  // ---- values ---------------------------------------------------------------------------
  function Box(v, l, d) {
    this.v = v;
    this.l = l;
    this.d = d;
  }
  const dOf = (x) => (x instanceof Box ? x.d : -1);
  function mk(v, l, op, a, b) {
    return l === 0 ? v : new Box(v, l, node(op, a, b, l));
  }
  const raw = (x) => (x instanceof Box ? x.v : x);
  // The label that decides control: a primitive's label, or a container reference's label
  // joined with its structure label.
  function lab(x) {
    if (x instanceof Box) {
      const v = x.v;
      if (v !== null && typeof v === 'object' && (isArray(v) || isObj(v) || v instanceof LMap || v instanceof LSet))
        return J(x.l, v[SL] || 0);
      return x.l;
    }
    if (x !== null && typeof x === 'object') return x[SL] || 0;
    return 0;
  }
  // Adds label l to a value (to a container *reference*, not the container).
  function withL(x, l, op) {
    if (l === 0) return x;
    if (x instanceof Box) {
      const nl = JK(x.l, l);
      return nl === x.l ? x : new Box(x.v, nl, node(op || 'context', x.d, -1, nl));
    }
    return new Box(x, LUNV[l], node(op || 'context', -1, -1, LUNV[l]));
  }
  const OBJ_PROTO = null;
  function newObj() {
    return Object.create(OBJ_PROTO);
  }
  // (An imported object not filled yet is one too, and is filled here: see importPart.)
  function isObj(v) {
    if (v === null || typeof v !== 'object') return false;
    const p = Object.getPrototypeOf(v);
    if (p === null) return true;
    if (p !== UNFILLED_OBJ) return false;
    fill(v);
    return true;
  }
  function newArr(l) {
    const a = [];
    if (l) a[SL] = l;
    return a;
  }
  class LMap {
    constructor() {
      this.m = new Map();
    }
  }
  class LSet {
    constructor() {
      this.m = new Map();
    }
  }
  // Deep label: everything a reader of the whole value learns from. (A container's is always an
  // unverified label; a plain primitive inside adds nothing, so only containers and boxes are
  // visited, and the set of visited containers is made only once there is something to visit.)
  // An imported container is read from its import instead while the imports are pristine (below).
  function deepLab(x, seen) {
    let l = 0;
    if (x instanceof Box) {
      l = x.l;
      x = x.v;
    }
    if (x === null || typeof x !== 'object') return l;
    if (seen !== undefined && seen.has(x)) return l;
    if (CLEAN && x[IMP] !== undefined) {
      const d = pristineLab(x, seen, l);
      if (d === SEEN) return l;
      if (d >= 0) {
        if (seen !== undefined) seen.add(x);
        return d;
      }
    }
    if (seen !== undefined) seen.add(x);
    const sl = x[SL];
    l = sl ? J(l, sl) : LUNV[l];
    if (isArray(x)) {
      for (let i = 0; i < x.length; i++) {
        const e = x[i];
        if (e !== null && typeof e === 'object') {
          if (seen === undefined) seen = new Set().add(x);
          const el = deepLab(e, seen);
          if (el !== 0) l = J(l, el);
        }
      }
    } else if (isObj(x)) {
      // A plan object has no prototype: for…in lists its own keys.
      for (const k in x) {
        const e = x[k];
        if (e !== null && typeof e === 'object') {
          if (seen === undefined) seen = new Set().add(x);
          const el = deepLab(e, seen);
          if (el !== 0) l = J(l, el);
        }
      }
    } else if (x instanceof LMap || x instanceof LSet) {
      // A map's entry is a plain [key, value] array: walked as one.
      if (seen === undefined) seen = new Set().add(x);
      for (const e of x.m.values()) l = J(l, deepLab(e, seen));
    }
    return l;
  }

  // ---- pristine imports -------------------------------------------------------------------
  // Until the plan first writes into an imported container (CLEAN), every imported container
  // holds exactly what its import made: the same parts under the same labels, the same structure
  // label, nothing added. Its deep label is then a function of its label shape and the ids it was
  // imported with, computed from the shape (shapeDeep: the walk's joins, in the walk's order,
  // without visiting a part; an item of a template needs only its template's few distinct slots)
  // and kept (`deep` on its import record): sorting 300 emails walks no email. The first write
  // into any imported container, by any path (R.set, R.upc, R.upd, the library's array mutators,
  // sort in place, push's fast paths, a built-in's write back: each calls wrote()), ends CLEAN
  // for the rest of the run, and deepLab walks as before. (Compiled code writes natively only
  // into arrays a literal made, never imported.) Every imported container holds something under
  // IMP: an object or a list of more than four items its import record, a shorter list (filled
  // in place) the container it is part of (null at the top). No fast path under `noFastPaths`:
  // the walk is the reference.
  const IMP = Symbol('imported');
  let CLEAN = !SLOW;
  // A write into container c: if it is imported, the imports are no longer pristine.
  function wrote(c) {
    if (CLEAN && c[IMP] !== undefined) CLEAN = false;
  }
  // A walk's set of visited containers carries, once an imported container is visited, what
  // the imports' fast path needs to give exactly the walk's joins: `dmax`, the depth (in its
  // import) of the deepest imported container visited; `taken`, the imported containers whose
  // deep label was read from their import (their parts count as visited, as the walk would have
  // visited them), and `tmin`, the least depth among them.
  const SEEN = -2;
  const upOf = (x) => {
    const p = x[IMP];
    return p instanceof Import ? p.up : p;
  };
  function depthOf(x) {
    const p = x[IMP];
    const rec = p instanceof Import;
    if (rec && p.dep !== undefined) return p.dep;
    const up = rec ? p.up : p;
    const d = up === null || up === undefined ? 0 : depthOf(up) + 1;
    if (rec) p.dep = d;
    return d;
  }
  // An imported container's deep label from its import, joined onto `start` (the label of the
  // box it came in) as the walk joins it; SEEN if the walk has already taken a container holding
  // it (the walk would find it visited), or -1: walk it. Within a walk, a container is taken
  // whole only when nothing deeper in an import was visited before it (a part of it, reached
  // first, would be left out of the walk's joins for it: `[e.to, e]`).
  function pristineLab(x, seen, start) {
    const p = x[IMP] instanceof Import ? x[IMP] : undefined;
    if (seen === undefined) return p === undefined ? -1 : recordDeep(x, p, start);
    const dep = depthOf(x);
    if (seen.dmax === undefined) {
      seen.dmax = -1;
      seen.taken = null;
      seen.tmin = 0;
    }
    if (seen.taken !== null && dep > seen.tmin)
      for (let up = upOf(x); up !== null && up !== undefined; up = upOf(up)) if (seen.taken.has(up)) return SEEN;
    const deeper = seen.dmax > dep;
    if (dep > seen.dmax) seen.dmax = dep;
    if (p === undefined || deeper) return -1;
    if (seen.taken === null) {
      seen.taken = new Set();
      seen.tmin = dep;
    } else if (dep < seen.tmin) seen.tmin = dep;
    seen.taken.add(x);
    return recordDeep(x, p, start);
  }
  // (Kept for the last start it was asked with: a listing's items come in boxes of one label.)
  function recordDeep(x, p, start) {
    if (p.deep !== undefined && p.from === start) return p.deep;
    // (Filled as the walk would fill it, first: what the walk made, the run makes in that order.)
    filled(x);
    const d = shapeDeep(p.shape, p.ids, p.labelOf, null, start);
    p.from = start;
    p.deep = d;
    return d;
  }
  // The deep label of the part imported with `shape` (see importPart), joined onto `start` as
  // the walk joins it: each number of the shape is a part labeled alike (a leaf, or a container
  // whose deep label is that label), joined in the order the walk joins them; a number already
  // joined at this level joins nothing.
  const PROG = Symbol('deep-program');
  function shapeDeep(shape, ids, labelOf, templates, start) {
    if (typeof shape === 'number' || shape[0] === 'u') {
      const num = typeof shape === 'number' ? shape : shape[1];
      const l = labelOf(ids === null ? num : ids[num]);
      return l !== 0 ? J(start, l) : LUNV[start];
    }
    if (shape[0] === 't') {
      const own = shape[2];
      return shapeDeep(templates[shape[1]], ids === null ? own : own.map((slot) => ids[slot]), labelOf, null, start);
    }
    let prog = shape[PROG];
    if (prog === undefined) shape[PROG] = prog = deepProgram(shape);
    const sl = labelOf(ids === null ? prog[0] : ids[prog[0]]);
    let l = sl !== 0 ? J(start, sl) : LUNV[start];
    for (let i = 1; i < prog.length; i++) {
      const op = prog[i];
      let el;
      if (typeof op === 'number') el = labelOf(ids === null ? op : ids[op]);
      else if (start === 0 && op.prefix) continue;
      else el = shapeDeep(op.shape, ids, labelOf, shape[3], 0);
      if (el !== 0) l = J(l, el);
    }
    return l;
  }
  // A container shape's joins: its structure label's number, then each part's (a number, once)
  // or the part's shape, in the order the walk visits the filled container (an object's keys as
  // fillFrom makes them). A part whose own joins are numbers only, the first ones of this
  // container's in the same order (an email's `to`: its structure's label, then its addresses'),
  // makes exactly the joins this container made first when this one starts from nothing, and
  // then joins nothing new (`prefix`).
  function deepProgram(shape) {
    const prog = [shape[1]];
    const parts = shape[2];
    const keys = isArray(parts) ? null : parts[KEYS] || (parts[KEYS] = Object.keys(parts));
    const n = keys === null ? parts.length : keys.length;
    for (let i = 0; i < n; i++) {
      const s = parts[keys === null ? i : keys[i]];
      const num = typeof s === 'number' ? s : s[0] === 'u' ? s[1] : -1;
      if (num < 0) prog.push({ shape: s, prefix: s[0] !== 't' && prefixOf(deepProgram(s), prog) });
      else if (prog.indexOf(num) < 0) prog.push(num);
    }
    return prog;
  }
  function prefixOf(sub, prog) {
    if (sub.length > prog.length) return false;
    for (let i = 0; i < sub.length; i++) if (typeof sub[i] !== 'number' || sub[i] !== prog[i]) return false;
    return true;
  }

  // Plain (unlabeled) copy for native operations such as JSON.stringify and String().
  // Functions are refused: native code (JSON.stringify's toJSON, join's toString) must never run
  // plan code or show its compiled text. Copies have no prototype (a "__proto__" key is data).
  // For JSON (forJson), functions are left out as JSON.stringify does, but a toJSON function is
  // refused: JSON.stringify would call it natively.
  // A refusal here depends on the value (is it a function? is it circular?): it carries its label.
  function plain(x, seen, forJson) {
    const xl = lab(x);
    x = raw(x);
    if (typeof x === 'function') {
      if (forJson) return undefined;
      typeError('a function cannot be turned into text in plans', xl);
    }
    if (x === null || typeof x !== 'object') return x;
    if (x instanceof Date) return x;
    if (seen === undefined) seen = new Set();
    if (seen.has(x)) typeError('cannot convert a circular structure', xl);
    seen.add(x);
    let out;
    if (isArray(x)) out = x.map((e) => plain(e, seen, forJson));
    else if (isObj(x)) {
      out = Object.create(null);
      for (const k of Object.keys(x)) {
        if (forJson && k === 'toJSON' && typeof raw(x[k]) === 'function')
          typeError('toJSON functions are not supported in plans');
        out[k] = plain(x[k], seen, forJson);
      }
    } else out = Object.create(null);
    seen.delete(x);
    return out;
  }
  // QuickJS's memory limit does not see large allocations in this build, so large strings are
  // also counted here, cumulatively, against the memory limit (a loop of big strings stops).
  function checkStr(s) {
    if (typeof s !== 'string') return s;
    if (s.length > LIM.stringLength) limit('stringLength', 'a string grew past ' + LIM.stringLength + ' characters');
    if (s.length > 65536) {
      S.big += s.length * 2;
      if (S.big > LIM.memoryBytes) limit('memoryBytes', 'the plan built more large strings than its memory allows');
    }
    return s;
  }
  function checkArr(a) {
    if (a.length > LIM.arrayLength) limit('arrayLength', 'an array grew past ' + LIM.arrayLength + ' elements');
    return a;
  }

  // ---- control context ----------------------------------------------------------------------
  const R = { pc: 0 };
  // try-accumulators: labels of data whose operations could have thrown inside a try block.
  // Exceptions are control flow (semantics §3): code after an operation that may throw, in the
  // same try, runs only because it did not throw. So acc (called by every operation that may
  // throw, with the label of what decides it, whether or not it throws) raises the context at
  // once, and R.tc keeps it for the rest of the outermost try: every place that puts an older
  // context back (a merge, a loop's next iteration, a callback's or callee's return, an await)
  // joins R.tc, so neither a nested region nor a function called inside the try can shed it.
  let TD = 0;
  let TA = 0;
  const TSTACK = [];
  R.tc = 0;
  R.td = 0;
  function acc(l) {
    if (TD > 0 && l !== 0) {
      TA = J(TA, l);
      R.tc = J(R.tc, l);
      R.pc = J(R.pc, l);
    }
  }
  const inTry = () => TD > 0;
  // The end of a conditional region whose code may throw, inside a try (compiled as
  // `__R.td !== 0 && __R.tskip()`): whether it threw depended on whether it ran, so what decided
  // that (the context now, before the merge puts the older one back) joins the try's context,
  // whichever way it went (§3a: a skipped JSON.parse is as telling as one that did not throw).
  R.tskip = function () {
    acc(R.pc);
  };
  R.tpush = function () {
    TSTACK.push(TA);
    TA = 0;
    TD++;
    R.td = TD;
  };
  // Everything the enclosing try blocks could have thrown because of so far (an early exit).
  R.tcur = function () {
    let l = TA;
    for (let i = 0; i < TSTACK.length; i++) l = J(l, TSTACK[i]);
    return l;
  };
  R.tpop = function () {
    const mine = TA;
    TD--;
    R.td = TD;
    TA = J(TSTACK.pop(), mine);
    // Out of the outermost try, an exception ends the run (or reaches a caller's try, which
    // is still open, so TD > 0): nothing after it depends on whether one was thrown.
    if (TD === 0) R.tc = 0;
    return mine;
  };
  // A context put back (after a region, a callback, a call): never below what the open tries
  // could have thrown because of.
  const back = (p) => (R.tc === 0 ? p : J(p, R.tc));
  R.J = J;
  R.lab = lab;
  R.nul = (x) => (x instanceof Box ? x.v == null : x == null);
  // Assignment under a context (STRICT): the value depends on the context too.
  R.asg = (x) => (R.pc === 0 ? x : withL(x, R.pc));
  // Upgrade at a branch merge (STRICT): a variable the other branch may have written.
  R.up = R.asg;
  R.upc = function (c) {
    if (R.pc === 0) return;
    // The upgrade just made, again (a loop's merge, each iteration; the same container under two
    // names): its structure label already holds the context, so nothing would change.
    if (c === upLast.c && R.pc === upLast.pc && c[SL] === upLast.s) return;
    let l = 0;
    if (c instanceof Box) {
      l = c.l;
      c = c.v;
    }
    // A frozen container (the input; isExtensible is the O(1) test) cannot have been written.
    if (c !== null && typeof c === 'object' && !(c instanceof Date) && Object.isExtensible(c)) {
      wrote(c);
      c[SL] = J(J(c[SL] || 0, l), R.pc);
      // What it holds may have changed on a path not taken: it is no longer the listing a tool
      // returned exactly, so no iteration may run under one item alone (class F).
      if (c[LISTING] === true) c[LISTING] = false;
      if (l === 0) {
        upLast.c = c;
        upLast.pc = R.pc;
        upLast.s = c[SL];
      }
    }
  };
  // The last upgrade of an unboxed container: the container, the context, the label it got.
  const upLast = { c: null, pc: 0, s: 0 };
  // An exposed container (plan/effects.ts expose): it, and every container reachable from it
  // (elements, values, map entries, regexes), may have become reachable through another name on
  // a path the context decided, so each is upgraded as written. Frozen input is skipped whole.
  R.upd = function (c) {
    if (R.pc === 0) return;
    // Most exposed names hold a primitive (a field read off an item): nothing to walk.
    const v = c instanceof Box ? c.v : c;
    if (v === null || typeof v !== 'object') return;
    const seen = new Set();
    const go = (x) => {
      if (x instanceof Box) x = x.v;
      if (x === null || typeof x !== 'object' || x instanceof Date || seen.has(x) || !Object.isExtensible(x)) return;
      seen.add(x);
      wrote(x);
      x[SL] = J(x[SL] || 0, R.pc);
      if (x[LISTING] === true) x[LISTING] = false;
      if (isArray(x)) for (let i = 0; i < x.length; i++) go(x[i]);
      else if (isObj(x)) for (const k in x) go(x[k]);
      else if (x instanceof LMap || x instanceof LSet) for (const e of x.m.values()) go(e);
    };
    go(c);
  };
  // The containers a path with EACH steps reaches (plan/effects.ts EACH): every element of an
  // array, map or set at an EACH, a property read that never throws otherwise.
  const EACH = {};
  R.EACH = EACH;
  // Only containers (or boxes of them) are kept, with index loops and no iterator objects: R.upa
  // upgrades nothing else, so a path that ends at fields holding primitives (r.tag) reaches
  // nothing. This runs at every entry of a loop that may write through such a path.
  const NOTHING = Object.freeze([]);
  const keep = (next, y) => {
    const v = raw(y);
    if (v === null || typeof v !== 'object') return next;
    if (next === NOTHING) return [y];
    next.push(y);
    return next;
  };
  R.reach = function (root, steps) {
    let cur = [root];
    for (let i = 0; i < steps.length; i++) {
      let next = NOTHING;
      const step = steps[i];
      for (let n = 0; n < cur.length; n++) {
        const x = cur[n];
        const v = raw(x);
        if (v === null || typeof v !== 'object') continue;
        if (step !== EACH) {
          // A filled plan object's field holding a primitive reaches nothing: what R.sget reads
          // as nothing, seen without the call (a rule's `r.tag`, at every entry and merge).
          if (!SLOW && typeof step === 'string' && Object.getPrototypeOf(v) === null && primitive(raw(v[step])))
            continue;
          next = keep(next, R.sget(x, step));
        } else if (isArray(v)) for (let j = 0, w = filled(v); j < w.length; j++) next = keep(next, w[j]);
        else if (v instanceof LMap || v instanceof LSet) for (const e of v.m.values()) next = keep(next, e);
      }
      if (next === NOTHING) return NOTHING;
      cur = next;
    }
    return cur;
  };
  // A capture or upgrade reading a plan variable that may still be in its temporal dead zone
  // (plan/emit-regions.ts ifLive): `none` there, where the plan did not read it and nothing can
  // have been written through it. Every name is resolved before the run, so a ReferenceError
  // here is that zone and nothing else.
  /** A long string literal: the plan's own text is held to the limits of text it builds. */
  R.lit = function (s) {
    if (s.length > LIM.stringLength)
      limit('stringLength', 'a string literal is longer than ' + LIM.stringLength + ' characters');
    return checkStr(s);
  };
  R.tdz = function (read, none) {
    try {
      return read();
    } catch (e) {
      if (e instanceof ReferenceError) return none;
      throw e;
    }
  };
  R.upa = function (list, deep) {
    if (R.pc === 0) return;
    for (let i = 0; i < list.length; i++) (deep ? R.upd : R.upc)(list[i]);
  };
  // The Maps and Sets among a NORMAL gathering loop's captured containers (plan/listing-order.ts,
  // `raise`), or null: each iteration raises their structure labels with its item (R.upa).
  R.colls = function (list) {
    const out = list.filter((c) => {
      const v = raw(c);
      return v instanceof LMap || v instanceof LSet;
    });
    return out.length ? out : null;
  };
  // What decides whether and how often a method's callback ran: the receiver (reference and
  // structure), the callback passed, the argument count, and the answers (in the result).
  R.cbl = (o, a, v) => J(J(lab(o), J(a[SL] || 0, a.length ? lab(a[0]) : 0)), lab(v));
  // A result chosen by a control value (ternary, && || ??), STRICT only.
  R.ctl = (x, c) => withL(x, lab(c), 'choice');
  // A try without catch still notices fatal errors passing through (R.fatal in its finally path).
  // An exception passing through (to a finally that may swallow it by returning) counts as
  // something the try threw because of.
  R.fatal = function (e) {
    if (isFatal(e)) die(e);
    if (e.l) acc(e.l);
    throw e;
  };
  R.lim = function () {
    if (S.dead) throw new LimitError('steps', 'the run was stopped');
    limit('steps', 'the plan ran more than ' + LIM.steps + ' steps');
  };
  R.S = S;
  // For the compiler's inlined fast paths (emit-expressions.ts `index`, `arraySet`, `push`,
  // `concat`): the structure-label and listing symbols, and the array length limit...
  R.SL = SL;
  R.LS = LISTING;
  R.AL = LIM.arrayLength;
  // ... and the longest string a concatenation may make without the runtime's checks (checkStr).
  R.SM = Math.min(65536, LIM.stringLength);
  R.Box = Box;
  // An item stretch (plan/item-stretches.ts) reads a field x as R.gets does and asks here for
  // its label: the field's, when it is text of at most a third of R.SM characters (none of the
  // stretch's answers reaches a string limit), a join with itself leaves that label as it is
  // (not verified), and it equals l, the label of the fields read before (-1: none yet);
  // otherwise -2, and the instrumented declarations run. The stretch then boxes each value
  // with that one label (R.mk).
  R.fl = function (x, l) {
    if (SLOW) return -2;
    let s = x;
    let xl = 0;
    if (x instanceof Box) {
      s = x.v;
      xl = x.l;
      if (LUNV[xl] !== xl) return -2;
    }
    return typeof s === 'string' && s.length * 3 <= R.SM && (l < 0 || l === xl) ? xl : -2;
  };
  // The same for a number (a loop counter a stretch reads): its label, or -2.
  R.fnum = function (x) {
    if (SLOW) return -2;
    if (typeof x === 'number') return 0;
    return x instanceof Box && typeof x.v === 'number' && LUNV[x.l] === x.l ? x.l : -2;
  };
  // Whether two unverified labels a stretch read are comparable (one holds the other: their
  // join is one of them, and joining them in any order makes no new label), without interning
  // any: 1 or 0. The answer is J's own and is remembered as J remembers it (J(a, b) then finds it).
  R.fc = function (a, b) {
    if (a === b || a === 0 || b === 0) return 1;
    const k = a < b ? a * JW + b : b * JW + a;
    let r = JM.get(k);
    if (r === undefined) {
      const s = bsUnion(LS[a], LS[b]);
      const rd = inter(LR[a], LR[b]);
      const c = union(LC[a], LC[b]);
      if (s === LS[a] && rd === LR[a] && c === LC[a]) r = a;
      else if (s === LS[b] && rd === LR[b] && c === LC[b]) r = b;
      else return 0;
      JM.set(k, r);
    }
    return r === a || r === b ? 1 : 0;
  };
  // Whether o is a plan object or a labeled reference to one: the stretch reads its fields only
  // then, where R.gets cannot throw (a null item, a list's or a Map's refused names).
  R.fo = (o) => isObj(o instanceof Box ? o.v : o);
  R.mk = mk;

  // ---- operators and conversions -------------------------------------------------------------
  // ONE labeling rule for operators too (docs/semantics.md §2a). Every operator is a row of OPS,
  // keyed by the names engine/plan/builtins.ts OPERATORS lists (the runtime refuses to start
  // unless both name the same ones): its native implementation on the operands' values, which
  // never sees a label. `liftOp` labels every row: the answer carries the join of the deep labels
  // of its operands, and inside a try that join is accumulated (it decides whether the operator
  // throws: a function operand, a circular container, a refused key). A converting row (`conv`:
  // arithmetic, comparisons, text) turns a container into its text here (conv below: all of it
  // is read, never a native valueOf/toString under the reference's label alone, class H). The
  // context joins where the answer is stored (§3), as for built-ins.
  // An operator is more precise only through a rule of OP_RULES that the host names for it
  // (OPERATOR_RULES); a generic run has none. A slow run (cfg.slow, and every generic one) takes
  // none of the fast paths below: each is the lift for operands it checked (plain ones carry no
  // label, two labeled primitives exactly their two labels), and a test compares them on
  // generated inputs. (SLOW is cfg.slow, read at the top: joins use it too.)
  const NO_FN_OPERAND = 'a function cannot be an operand of arithmetic, comparisons or text in plans: call it';
  function typeOf(v) {
    if (v === null) return 'object';
    const t = typeof v;
    return t === 'symbol' || t === 'bigint' ? 'object' : t;
  }
  // `in`: an own key of an array or a plain object; no container is ever turned into a key.
  function inOp(k, o, l) {
    if (!isArray(o) && !isObj(o)) typeError("'in' needs an array or a plain object", l);
    return hasOwn(filled(o), String(key(k, l)));
  }
  // f: the native operation (given the join too, for a refusal's label); conv: converts its
  // operands to primitives; throws: may throw because of its operands. Rows with f null are
  // implemented where the language needs them (R.tpl, lookup, spreadList, R.obj), labeled by the
  // same lift and rules through `ruleOf`.
  const arith = (f) => ({ f: f, conv: true, throws: true });
  const OPS = {
    '+': arith((a, b) => checkStr(a + b)),
    '-': arith((a, b) => a - b),
    '*': arith((a, b) => a * b),
    '/': arith((a, b) => a / b),
    '%': arith((a, b) => a % b),
    '**': arith((a, b) => a ** b),
    '&': arith((a, b) => a & b),
    '|': arith((a, b) => a | b),
    '^': arith((a, b) => a ^ b),
    '<<': arith((a, b) => a << b),
    '>>': arith((a, b) => a >> b),
    '>>>': arith((a, b) => a >>> b),
    '<': arith((a, b) => a < b),
    '>': arith((a, b) => a > b),
    '<=': arith((a, b) => a <= b),
    '>=': arith((a, b) => a >= b),
    '===': { f: (a, b) => a === b, conv: false, throws: false },
    '!==': { f: (a, b) => a !== b, conv: false, throws: false },
    '-x': arith((a) => -a),
    '+x': arith((a) => +a),
    '~x': arith((a) => ~a),
    '++': arith((a) => +a + 1),
    '--': arith((a) => +a - 1),
    '!x': { f: (a) => !a, conv: false, throws: false },
    typeof: { f: typeOf, conv: false, throws: false },
    in: { f: inOp, conv: false, throws: true },
    template: { f: null, conv: true, throws: true },
    '.length': { f: null, conv: false, throws: false },
    '.size': { f: null, conv: false, throws: false },
    '...': { f: null, conv: false, throws: true },
    '{...}': { f: null, conv: false, throws: true },
  };
  // The precision rules for operators, each stated once. `shape`: the answer reads which value
  // each operand is (its kind, its identity) and which elements or keys it has, never what they
  // hold: the label of its reference and structure (lab). `moves`: a spread hands each element
  // on as itself, its own label joined with the source's reference and structure (as `elements`
  // does for slice); the new container's structure joins them too.
  const OP_RULES = { shape: lab, moves: lab };
  if (cfg.operators.length !== Object.keys(OPS).length || !cfg.operators.every((n) => hasOwn(OPS, n)))
    throw new Error('the operator table does not match the plan language: ' + cfg.operators.join(' '));
  for (const n of Object.keys(cfg.opRules)) {
    const rule = cfg.opRules[n];
    if (OP_RULES[rule] === undefined) throw new Error('no labeling rule ' + rule + ' (for ' + n + ')');
    // A rule may leave out only what the operator does not read: a converting one reads all.
    if (OPS[n].conv) throw new Error('the operator ' + n + ' reads its operands whole: no precision rule');
  }
  // The label an operator's answer takes from one operand: the rule's, or the generic lift's.
  const ruleOf = (name) => (hasOwn(cfg.opRules, name) ? OP_RULES[cfg.opRules[name]] : deepLab);
  // THE generic lift of a unary or binary row (or its rule). A primitive operand's label is its
  // own under both (lab and deepLab agree there): only a container's is looked up.
  function liftOp(name) {
    const row = OPS[name];
    const f = row.f;
    const labelOf = ruleOf(name);
    const conv = row.conv;
    const throws = row.throws;
    if (f.length === 1)
      return function (a) {
        let l = 0;
        let v = a;
        if (a instanceof Box) {
          l = a.l;
          v = a.v;
        }
        if (v !== null && typeof v === 'object') l = labelOf(a);
        if (throws && TD > 0) acc(l);
        if (conv && typeof v === 'function') typeError(NO_FN_OPERAND, l);
        if (conv && v !== null && typeof v === 'object') v = prim(v);
        return mk(f(v), l, name, dOf(a), -1);
      };
    return function (a, b) {
      let la = 0;
      let lb = 0;
      let va = a;
      let vb = b;
      let da = -1;
      let db = -1;
      if (a instanceof Box) {
        la = a.l;
        va = a.v;
        da = a.d;
      }
      if (b instanceof Box) {
        lb = b.l;
        vb = b.v;
        db = b.d;
      }
      if (va !== null && typeof va === 'object') la = labelOf(a);
      if (vb !== null && typeof vb === 'object') lb = labelOf(b);
      const l = J(la, lb);
      if (throws && TD > 0) acc(l);
      if (conv) {
        // A function's text would be its instrumented code; its number, a native conversion.
        if (typeof va === 'function' || typeof vb === 'function') typeError(NO_FN_OPERAND, l);
        if (va !== null && typeof va === 'object') va = prim(va);
        if (vb !== null && typeof vb === 'object') vb = prim(vb);
      }
      return mk(f(va, vb, l), l, name, da, db);
    };
  }
  // Containers in arithmetic and comparisons behave as their string form (as in JS), computed
  // here rather than natively: no native toString runs, and the lift joins the deep label.
  function prim(x) {
    if (x instanceof Date) return x.getTime();
    return textOf(x, undefined);
  }
  function textOf(x, seen) {
    const xl = lab(x);
    x = raw(x);
    if (typeof x === 'function') typeError('a function cannot be turned into text in plans', xl);
    if (x === null || typeof x !== 'object') return String(x);
    if (x instanceof Date || x instanceof RegExp) return String(x);
    if (!isArray(x)) return x instanceof LMap ? '[object Map]' : x instanceof LSet ? '[object Set]' : '[object Object]';
    if (seen === undefined) seen = new Set();
    if (seen.has(x)) typeError('cannot convert a circular structure', xl);
    seen.add(x);
    let s = '';
    for (let i = 0; i < x.length; i++) {
      const e = raw(x[i]);
      s = checkStr(s + (i ? ',' : '') + (e === null || e === undefined ? '' : textOf(x[i], seen)));
    }
    seen.delete(x);
    return s;
  }
  // The fast paths: plain numbers and strings carry no label, so the native operator is the
  // lift's answer; two labeled ones of those types carry exactly their two labels, and a labeled
  // one with a plain one of its type (a count plus one, a length against a literal, a line and
  // a separator) exactly its own. Outside a try only: there the lift's answer also raises the
  // context (acc), and what could throw is decided by the operands' types alone.
  const addSlow = liftOp('+');
  R.add = SLOW
    ? addSlow
    : function (a, b) {
        if (typeof a === 'number' && typeof b === 'number') return a + b;
        if (typeof a === 'string' && typeof b === 'string') return checkStr(a + b);
        if (TD === 0) {
          const t = primWith(a, b);
          if (t === 1) return mk(checkStr(a.v + b), LUNV[a.l], '+', a.d, -1);
          if (t === 2) return mk(checkStr(a + b.v), LUNV[b.l], '+', -1, b.d);
        }
        return addSlow(a, b);
      };
  // 1 when a is a labeled number or string and b a plain one of the same type, 2 the other way
  // round, 0 otherwise.
  function primWith(a, b) {
    let t;
    if (a instanceof Box) {
      t = typeof a.v;
      return (t === 'number' || t === 'string') && t === typeof b ? 1 : 0;
    }
    if (b instanceof Box) {
      t = typeof b.v;
      return (t === 'number' || t === 'string') && t === typeof a ? 2 : 0;
    }
    return 0;
  }
  function numeric(op) {
    const slow = liftOp(op);
    if (SLOW) return slow;
    const f = OPS[op].f;
    return (a, b) => {
      if (typeof a === 'number' && typeof b === 'number') return f(a, b);
      if (a instanceof Box) {
        if (b instanceof Box) {
          if (typeof a.v === 'number' && typeof b.v === 'number') return mk(f(a.v, b.v), J(a.l, b.l), op, a.d, b.d);
        } else if (typeof a.v === 'number' && typeof b === 'number' && TD === 0)
          return mk(f(a.v, b), LUNV[a.l], op, a.d, -1);
      } else if (b instanceof Box && typeof b.v === 'number' && typeof a === 'number' && TD === 0)
        return mk(f(a, b.v), LUNV[b.l], op, -1, b.d);
      return slow(a, b);
    };
  }
  function compare(op) {
    const slow = liftOp(op);
    if (SLOW) return slow;
    const f = OPS[op].f;
    return (a, b) => {
      const ta = typeof a;
      if ((ta === 'number' || ta === 'string') && ta === typeof b) return f(a, b);
      if (a instanceof Box && b instanceof Box) {
        const tv = typeof a.v;
        if ((tv === 'number' || tv === 'string') && tv === typeof b.v)
          return mk(f(a.v, b.v), J(a.l, b.l), op, a.d, b.d);
      } else if (TD === 0) {
        const t = primWith(a, b);
        if (t === 1) return mk(f(a.v, b), LUNV[a.l], op, a.d, -1);
        if (t === 2) return mk(f(a, b.v), LUNV[b.l], op, -1, b.d);
      }
      return slow(a, b);
    };
  }
  R.sub = numeric('-');
  R.mul = numeric('*');
  R.div = numeric('/');
  R.mod = numeric('%');
  R.pow = liftOp('**');
  R.band = liftOp('&');
  R.bor = liftOp('|');
  R.bxor = liftOp('^');
  R.shl = liftOp('<<');
  R.shr = liftOp('>>');
  R.ushr = liftOp('>>>');
  R.lt = compare('<');
  R.gt = compare('>');
  R.le = compare('<=');
  R.ge = compare('>=');
  // A comparison that is only the test of an `if` or a loop (plan/emit-expressions.ts, `test`): its answer is
  // read once for its truth and its label, so it comes as one number, label * 2 + truth, instead
  // of a box and a graph node no value can reach. The label is the one the box would carry.
  const testOf = (x) => (x instanceof Box ? x.l * 2 + (x.v ? 1 : 0) : x ? 1 : 0);
  function compareTest(op) {
    const cmp = compare(op);
    const f = OPS[op].f;
    if (SLOW) return (a, b) => testOf(cmp(a, b));
    return (a, b) => {
      const ta = typeof a;
      if ((ta === 'number' || ta === 'string') && ta === typeof b) return f(a, b) ? 1 : 0;
      if (a instanceof Box && b instanceof Box) {
        const tv = typeof a.v;
        if ((tv === 'number' || tv === 'string') && tv === typeof b.v) return J(a.l, b.l) * 2 + (f(a.v, b.v) ? 1 : 0);
      } else if (TD === 0) {
        const t = primWith(a, b);
        if (t === 1) return LUNV[a.l] * 2 + (f(a.v, b) ? 1 : 0);
        if (t === 2) return LUNV[b.l] * 2 + (f(a, b.v) ? 1 : 0);
      }
      return testOf(cmp(a, b));
    };
  }
  // `o.length OP b` as such a test. A labeled string's length against a plain number outside a
  // try: R.gets would box the length under the string's label, and compare keep that label. So
  // for an unboxed array with a structure label (`i < emails.length`, `i` plain or a labeled
  // number): R.gets would box its length under that label (lookup; the `.length` rule reads
  // nothing deeper), read first, and compare join it with the number's.
  function lengthTest(op) {
    const test = compareTest(op);
    const f = OPS[op].f;
    if (SLOW) return (o, b) => test(R.gets(o, 'length'), b);
    return (o, b) => {
      if (TD === 0) {
        if (o instanceof Box) {
          if (typeof o.v === 'string' && typeof b === 'number') return LUNV[o.l] * 2 + (f(o.v.length, b) ? 1 : 0);
        } else if (isArray(o) && !lengthDeep) {
          const sl = o[SL];
          if (sl !== undefined) {
            if (typeof b === 'number') return LUNV[sl] * 2 + (f(o.length, b) ? 1 : 0);
            if (b instanceof Box && typeof b.v === 'number') return J(LUNV[sl], b.l) * 2 + (f(o.length, b.v) ? 1 : 0);
          }
        }
      }
      return test(R.gets(o, 'length'), b);
    };
  }
  R.ltT = compareTest('<');
  R.gtT = compareTest('>');
  R.leT = compareTest('<=');
  R.geT = compareTest('>=');
  R.ltL = lengthTest('<');
  R.gtL = lengthTest('>');
  R.leL = lengthTest('<=');
  R.geL = lengthTest('>=');
  // Only two non-objects compare without labels: an unboxed container still has a structure
  // label (identity tests of a container carry it, boxed or not).
  const bare = (x) => x === null || typeof x !== 'object';
  const eqSlow = liftOp('===');
  const neSlow = liftOp('!==');
  R.eq = SLOW ? eqSlow : (a, b) => (bare(a) && bare(b) ? a === b : eqSlow(a, b));
  R.ne = SLOW ? neSlow : (a, b) => (bare(a) && bare(b) ? a !== b : neSlow(a, b));
  // A plain number (the compiler's `-1`, a counter) is its own answer, with no label.
  function unary(op) {
    const slow = liftOp(op);
    if (SLOW) return slow;
    const f = OPS[op].f;
    return (a) => (typeof a === 'number' ? f(a) : slow(a));
  }
  R.inc = unary('++');
  R.dec = unary('--');
  R.neg = unary('-x');
  R.pos = unary('+x');
  R.bnot = unary('~x');
  const notSlow = liftOp('!x');
  const tofSlow = liftOp('typeof');
  // (A labeled primitive: the lift's answer, made here.)
  R.not = SLOW
    ? notSlow
    : (a) => {
        if (a === null || typeof a !== 'object') return !a;
        if (a instanceof Box && (a.v === null || typeof a.v !== 'object')) return mk(!a.v, a.l, '!x', a.d, -1);
        return notSlow(a);
      };
  R.tof = SLOW ? tofSlow : (a) => (a !== null && typeof a === 'object' ? tofSlow(a) : typeOf(a));
  R.has = liftOp('in');
  // THE native conversion of a plan value to a primitive, and the label of everything it read:
  // a container (boxed or not) becomes its text computed here (textOf; no native toString or
  // valueOf runs) under its deep label, a date its time; a primitive is itself under its label.
  // Every operator and built-in that hands a plan value to native code converts it here (or
  // through plain/argsOf, which copy with the deep label): never a raw container with only the
  // label of its reference (class H: +xs, flat(xs), JSON.parse(xs), a comparator's answer).
  // A function stays a function (its caller refuses it with c.l).
  function conv(x) {
    const v = x instanceof Box ? x.v : x;
    if (v !== null && typeof v === 'object') return { v: prim(v), l: deepLab(x) };
    // (A primitive's deep label is its own, looked up without a call.)
    return { v: v, l: x instanceof Box ? x.l : 0 };
  }
  // The label the reads `.length` and `.size`, and the spreads, take from their source beyond
  // its reference and structure: nothing under their rules, all it holds under the generic lift.
  const lengthDeep = ruleOf('.length') === deepLab;
  const sizeDeep = ruleOf('.size') === deepLab;
  const spreadLab = ruleOf('...');
  const objectSpreadLab = ruleOf('{...}');

  // ---- property access ---------------------------------------------------------------------
  const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);
  // The refusal depends on the key, so it carries the key's label (l).
  // A container or function is never turned into a key natively: its text would depend on its
  // elements (only the reference's label would be joined) and could run plan code (toString).
  function key(k, l) {
    if (typeof k === 'number') return k;
    acc(l || 0);
    if (k !== null && (typeof k === 'object' || typeof k === 'function'))
      typeError(
        'a container or function cannot be used as a property key in plans: convert it explicitly (String, JSON.stringify)',
        J(l || 0, k[SL] || 0),
      );
    if (typeof k !== 'string') k = String(k);
    if (FORBIDDEN.has(k)) typeError("access to the property '" + k + "' is not allowed in plans", l || 0);
    return k;
  }
  R.key = (k) => (k instanceof Box ? new Box(key(k.v, k.l), k.l, k.d) : key(k, 0));
  // Reading an element joins the element's label, the structure label and the key's label.
  function elem(e, extra, op, d) {
    if (extra === 0) return e;
    if (e instanceof Box) {
      const el = e.l;
      const nl = LV[el] === null ? J(el, extra) : JK(el, extra);
      return nl === el ? e : new Box(e.v, nl, node(op, e.d, d, nl));
    }
    const l = LUNV[extra];
    return new Box(e, l, node(op, d, -1, l));
  }
  // The common case first: an unlabeled array or plain object, read with a plain key. An
  // element read with nothing to join is the element itself (no label, no graph node).
  // A labeled array read with a number (a listing's item): a number needs no key check.
  R.get = function (o, k) {
    if (o !== null && typeof o === 'object') {
      if (o[SL] === undefined) {
        if (typeof k === 'number') {
          if (isArray(o)) return o[k];
        } else if (typeof k === 'string' && !FORBIDDEN.has(k) && Object.getPrototypeOf(o) === null) return o[k];
      } else if (typeof k === 'number' && isArray(o)) return lookup(o, k, 0, 0, 0, -1);
      if (k instanceof Box && TD === 0 && !SLOW && plainTextKey(o, k)) {
        const ol = joinOf(0, o[SL] || 0, k.l);
        return k.v in o ? elem(o[k.v], ol, '.' + k.v, -1) : mk(undefined, ol, '.' + k.v, -1, -1);
      }
    }
    return getSlow(o, k);
  };
  // A labeled text key into a filled plan object that can be written (`counts[tag]`): outside a
  // try, R.get and R.set would unwrap it, check it (nothing to refuse) and remember nothing for
  // the try; they make the same labels without that (J(0, l) is l's twin, made without a join).
  function plainTextKey(o, k) {
    return (
      typeof k.v === 'string' && !FORBIDDEN.has(k.v) && Object.getPrototypeOf(o) === null && Object.isExtensible(o)
    );
  }
  // A static property name (checked by the front end): no run-time name check needed, so a
  // labeled receiver goes straight to the lookup (getSlow would only re-check the name). What
  // lookup would answer, without it: a field of a labeled plan object (an email) that already
  // carries the structure label, as every imported field does, is the field itself; any other
  // field of a plan object (labeled, or through a labeled reference) is joined with the
  // reference's and the structure's labels here; the length of a labeled string is made as
  // lookup makes it.
  R.gets = function (o, k) {
    if (o !== null && typeof o === 'object') {
      const sl = o[SL];
      if (Object.getPrototypeOf(o) === null) {
        if (sl === undefined) return o[k];
        const e = o[k];
        if (e instanceof Box && LV[e.l] === null && J(e.l, LUNV[sl]) === e.l) return e;
        if (typeof k === 'string' && !SLOW)
          return k in o ? elem(e, LUNV[sl], '.' + k, -1) : mk(undefined, LUNV[sl], '.' + k, -1, -1);
      } else if (o instanceof Box) {
        if (TD > 0) acc(o.l);
        const v = o.v;
        if (typeof v === 'string' && k === 'length') return mk(v.length, LUNV[o.l], '.length', o.d, -1);
        if (typeof k === 'string' && !SLOW && v !== null && typeof v === 'object') {
          // (Reading the structure label first fills an imported object, as lookup does.)
          const vs = v[SL] || 0;
          if (Object.getPrototypeOf(v) === null) {
            const ol = J(o.l, vs);
            return k in v ? elem(v[k], ol, '.' + k, o.d) : mk(undefined, ol, '.' + k, o.d, -1);
          }
        }
        return lookup(v, k, o.l, 0, LUNV[o.l], o.d);
      }
    }
    if (k === 'length') {
      if (typeof o === 'string') return o.length;
      if (isArray(o) && o[SL] === undefined && !lengthDeep) return o.length;
    }
    return lookup(o, k, 0, 0, 0, -1);
  };
  // A field k of item o as R.gets(o, k) reads it, outside a try and the step limit, without its
  // box and graph node: the label R.gets would give it (the same joins, in the same order), its
  // raw value left in READ.v. For `text`, the label of that text's length compared with a plain
  // number (R.gets of 'length', then compare: the field's label unverified). -1 (nothing read
  // but what R.gets reads first too) when o is not a plan object or a box of one, or the field
  // is not a primitive (for `text`, not a string).
  const READ = { v: undefined };
  const primitive = (x) => x === null || (typeof x !== 'object' && typeof x !== 'function');
  function fieldRead(o, k, text) {
    const l = fieldLabel(o, k);
    return l < 0 || !text ? l : typeof READ.v === 'string' ? LUNV[l] : -1;
  }
  function fieldLabel(o, k) {
    if (SLOW || TD > 0 || S.n >= S.m) return -1;
    let v = o;
    let ol;
    if (o instanceof Box) {
      v = o.v;
      if (v === null || typeof v !== 'object' || Object.getPrototypeOf(v) !== null) return -1;
      ol = J(o.l, v[SL] || 0);
    } else {
      if (o === null || typeof o !== 'object' || Object.getPrototypeOf(o) !== null) return -1;
      const sl = o[SL];
      const e = o[k];
      if (sl === undefined || (e instanceof Box && LV[e.l] === null && J(e.l, LUNV[sl]) === e.l)) {
        READ.v = raw(e);
        return primitive(READ.v) ? (e instanceof Box ? e.l : 0) : -1;
      }
      ol = LUNV[sl];
    }
    if (!(k in v)) {
      READ.v = undefined;
      return ol;
    }
    const e = v[k];
    READ.v = raw(e);
    if (!primitive(READ.v)) return -1;
    if (!(e instanceof Box)) return LUNV[ol];
    if (ol === 0) return e.l;
    return LV[e.l] === null ? J(e.l, ol) : JK(e.l, ol);
  }
  // Any key: unwrap the receiver and the key, check the key, then look it up.
  const getSlow = function (o, k) {
    let lo = 0;
    let lk = 0;
    let dd = -1;
    if (o instanceof Box) {
      lo = o.l;
      dd = o.d;
      o = o.v;
      acc(lo);
    }
    if (k instanceof Box) {
      lk = k.l;
      k = k.v;
    }
    const l = J(lo, lk);
    return lookup(o, key(k, l), lo, lk, l, dd);
  };
  // o[k] for a checked key k: lo is the receiver reference's label, lk the key's, l their join,
  // dd the receiver's graph node. A container's element joins its structure label too.
  function lookup(o, k, lo, lk, l, dd) {
    if (o === null || o === undefined) typeError("cannot read '" + k + "' of " + o, l);
    const t = typeof o;
    if (t === 'string') {
      if (k === 'length') return mk(o.length, l, '.length', dd, -1);
      if (typeof k === 'number' || /^[0-9]+$/.test(k)) return mk(o[k], l, '[i]', dd, -1);
      return mk(undefined, l, '.' + k, dd, -1);
    }
    if (t !== 'object') return mk(undefined, l, '.' + k, dd, -1);
    const sl = o[SL] || 0;
    // A plain object (no prototype): `in` is an own-property test.
    if (Object.getPrototypeOf(o) === null) {
      const ks = typeof k === 'string' ? k : String(k);
      const ol = joinOf(lo, sl, lk);
      return ks in o ? elem(o[ks], ol, '.' + ks, dd) : mk(undefined, ol, '.' + ks, dd, -1);
    }
    if (isArray(o)) {
      const ol = joinOf(lo, sl, lk);
      if (k === 'length') return mk(o.length, lengthDeep ? J(ol, deepLab(o)) : ol, '.length', dd, -1);
      const i = typeof k === 'number' ? k : /^(0|[1-9][0-9]*)$/.test(k) ? +k : -1;
      if (i >= 0 && i < o.length) return elem(o[i], ol, '[i]', dd);
      return mk(undefined, ol, '[' + k + ']', dd, -1);
    }
    if ((o instanceof LMap || o instanceof LSet) && k === 'size')
      return mk(o.m.size, J(J(J(lo, sl), lk), sizeDeep ? deepLab(o) : 0), '.size', dd, -1);
    return mk(undefined, l, '.' + k, dd, -1);
  }
  // J(J(lo, sl), lk) without the joins with 0 (J's result is already unverified).
  function joinOf(lo, sl, lk) {
    const l = lo === 0 ? LUNV[sl] : J(lo, sl);
    return lk === 0 ? l : J(l, lk);
  }
  R.undef = (o) => mk(undefined, lab(o), '?.', dOf(o), -1);
  R.und = (x) => raw(x) === undefined;
  // switch: each case test compared joins the context; the comparison is by value.
  R.cse = function (d, t) {
    R.pc = J(R.pc, lab(t));
    return raw(d) === raw(t);
  };
  // Object rest in destructuring: the remaining keys, under the source's labels.
  R.orest = function (o, taken) {
    let l = 0;
    if (o instanceof Box) {
      l = o.l;
      o = o.v;
    }
    acc(l);
    if (!isObj(o)) typeError('only plain objects can be destructured with ...rest', l);
    const out = newObj();
    const sl = J(l, o[SL] || 0);
    for (const k of Object.keys(o)) if (taken.indexOf(k) < 0) out[k] = elem(o[k], sl, 'rest', -1);
    if (sl) out[SL] = sl;
    return out;
  };
  // A property read that never throws, for re-reading containers at a merge point.
  R.sget = function (o, k) {
    // The common case first: a filled plan object's field holding a primitive (a merge re-reading
    // `r.tag`) reads as nothing, as below, without the unwrapping and type tests.
    if (!SLOW && typeof k === 'string' && o !== null && typeof o === 'object' && Object.getPrototypeOf(o) === null) {
      const e = o[k];
      if (e === null || typeof e !== 'object' || (e instanceof Box && (e.v === null || typeof e.v !== 'object')))
        return undefined;
    }
    const v = raw(o);
    if (v === null || typeof v !== 'object') return undefined;
    // Only a container is upgraded at a merge (R.upc), and only a container is read through:
    // a key holding a primitive reads as nothing, without making a labeled copy of it.
    const rk = raw(k);
    if ((typeof rk === 'string' || typeof rk === 'number') && (isArray(v) || isObj(v))) {
      const e = raw(filled(v)[rk]);
      if (e === null || typeof e !== 'object') return undefined;
    }
    // Only a plan error reads as nothing. A limit or the stack running out (a read that fills a
    // lazily imported container, past a deep recursion) ends the run: read as nothing, the merge
    // would skip this container's upgrade and a half-filled one would have lost its labels.
    try {
      return SLOW || TD > 0 ? R.get(o, k) : containerAt(o, k);
    } catch (e) {
      if (isFatal(e)) {
        die(e);
        throw e;
      }
      return undefined;
    }
  };
  // R.get(o, k) outside a try, for R.sget only: a container field of a filled plan object (plain
  // or behind a labeled reference) with a name it may read comes out with the label R.get gives
  // it (getSlow, lookup and elem: the same joins in the same order) but no graph node, since what
  // R.sget answers only goes to the merge's upgrades (R.upc, R.upd, R.reach), which read a box's
  // value and label and nothing else. Anything else goes to R.get.
  function containerAt(o, k) {
    const lo = o instanceof Box ? o.l : 0;
    const v = o instanceof Box ? o.v : o;
    if (typeof k !== 'string' || FORBIDDEN.has(k) || v === null || typeof v !== 'object') return R.get(o, k);
    if (Object.getPrototypeOf(v) !== null) return R.get(o, k);
    const sl = v[SL] || 0;
    const e = v[k];
    if (e === null || typeof e !== 'object') return R.get(o, k);
    const ol = lo === 0 ? LUNV[sl] : J(lo, sl);
    if (ol === 0) return e;
    if (e instanceof Box) {
      const el = e.l;
      const nl = LV[el] === null ? J(el, ol) : JK(el, ol);
      return nl === el ? e : new Box(e.v, nl, -1);
    }
    return new Box(e, LUNV[ol], -1);
  }
  R.set = function (o, k, v) {
    if (TD > 0 || isFn(v)) noFn(v, J(lab(o), lab(k)));
    // An unlabeled array (never the input, which is labeled) written in place outside any context.
    if (
      R.pc === 0 &&
      typeof k === 'number' &&
      isArray(o) &&
      o[SL] === undefined &&
      k >= 0 &&
      k < o.length &&
      Number.isInteger(k)
    ) {
      wrote(o);
      o[LISTING] = false;
      o[k] = v;
      return v;
    }
    // A plain object (filled, not the frozen input) and a plain text key, outside any try: what
    // the rest makes of it, with nothing to unwrap, check or remember for the try.
    if (
      TD === 0 &&
      !SLOW &&
      typeof k === 'string' &&
      o !== null &&
      typeof o === 'object' &&
      Object.getPrototypeOf(o) === null
    ) {
      if (!FORBIDDEN.has(k) && Object.isExtensible(o)) {
        wrote(o);
        const ctx = strict ? LUNV[R.pc] : 0;
        if (ctx !== 0) {
          v = withL(v, ctx);
          o[k] = v;
          o[SL] = J(o[SL] || 0, ctx);
        } else o[k] = v;
        return v;
      }
    }
    if (k instanceof Box && TD === 0 && !SLOW && o !== null && typeof o === 'object' && plainTextKey(o, k)) {
      const lk = LUNV[k.l];
      // (What the general path would remember for a try: made for the same labels.)
      J(lk, o[SL] || 0);
      const ctx = J(lk, strict ? R.pc : 0);
      if (strict && ctx !== 0) v = withL(v, ctx);
      wrote(o);
      o[k.v] = v;
      if (ctx !== 0) o[SL] = J(o[SL] || 0, ctx);
      return v;
    }
    let lo = 0;
    if (o instanceof Box) {
      lo = o.l;
      o = o.v;
    }
    let lk = 0;
    if (k instanceof Box) {
      lk = k.l;
      k = k.v;
    }
    const lok = J(lo, lk);
    k = key(k, lok);
    // Writing can fail because of the target's type: inside a try, that is a label to remember.
    acc(J(lok, o !== null && typeof o === 'object' ? o[SL] || 0 : 0));
    const ctx = J(lok, strict ? R.pc : 0);
    if (o !== null && typeof o === 'object' && !Object.isExtensible(o)) typeError('input is read-only in plans', ctx);
    if (strict && ctx !== 0) v = withL(v, ctx);
    if (o !== null && typeof o === 'object') wrote(o);
    if (isArray(o)) {
      o[LISTING] = false;
      const i = typeof k === 'number' ? k : /^(0|[1-9][0-9]*)$/.test(k) ? +k : -1;
      if (!(i >= 0 && Number.isInteger(i))) typeError("arrays take integer indexes, not '" + k + "'", ctx);
      if (i >= LIM.arrayLength) limit('arrayLength', 'an array grew past ' + LIM.arrayLength + ' elements');
      while (o.length < i) o.push(undefined);
      o[i] = v;
    } else if (isObj(o)) {
      o[String(k)] = v;
    } else typeError('cannot set a property on ' + typeOf(o), ctx);
    if (ctx !== 0) o[SL] = J(o[SL] || 0, ctx);
    return v;
  };

  // Functions are never stored in data: a container that held one could hand it to native code
  // (toString, valueOf, toJSON) or to a call through a computed key. The front end refuses what
  // it can see; every write into a container checks here. The refusal depends on whether the
  // value is a function, which its reference label decides.
  const isFn = (v) => typeof v === 'function' || (v instanceof Box && typeof v.v === 'function');
  function noFn(v, l) {
    // Whether it is a function is decided by its reference's label: inside a try, what follows
    // depends on it whether or not this throws (class G).
    if (TD > 0 && v instanceof Box) acc(J(l, v.l));
    if (isFn(v))
      typeError(
        'functions cannot be stored in arrays, objects, maps or sets in plans: keep it in a variable and call it by name',
        J(l, lab(v)),
      );
    return v;
  }

  // ---- literals ---------------------------------------------------------------------------
  // Spread entries are marked by the compiler as [SPREAD, value].
  const SPREAD = { spread: true };
  R.SP = SPREAD;
  R.arr = function (items) {
    const a = newArr(strict ? R.pc : 0);
    for (let i = 0; i < items.length; i++) {
      const it = items[i];
      if (isArray(it) && it[0] === SPREAD) {
        // How many elements arrive depends on the source's structure (the `...` row).
        const sl = spreadLab(it[1]);
        if (sl) a[SL] = J(a[SL] || 0, sl);
        const src = spreadList(it[1]);
        const ctx = strict ? R.pc : 0;
        for (let j = 0; j < src.length; j++) a.push(ctx === 0 ? src[j] : withL(src[j], ctx));
      } else a.push(strict ? R.asg(noFn(it, 0)) : noFn(it, 0));
    }
    return checkArr(a);
  };
  R.obj = function (kvs) {
    const o = newObj();
    let sl = strict ? R.pc : 0;
    for (let i = 0; i < kvs.length; i += 2) {
      if (kvs[i] === SPREAD) {
        let src = kvs[i + 1];
        let l = 0;
        if (src instanceof Box) {
          l = src.l;
          src = src.v;
        }
        // (The `{...}` row: the source's reference and structure, or all it holds.)
        const whole = objectSpreadLab === deepLab;
        const srl = whole ? deepLab(kvs[i + 1]) : J(l, src !== null && typeof src === 'object' ? src[SL] || 0 : 0);
        acc(srl);
        // Which keys arrive (none, for null or undefined) depends on the source: its label is
        // structure even when nothing is copied (class E).
        sl = J(sl, srl);
        if (src == null) continue;
        if (!isObj(src) && !isArray(src)) typeError('only plain objects and arrays can be spread into an object', l);
        const el = whole ? srl : l;
        for (const k of Object.keys(src)) o[k] = elem(src[k], el, 'spread', -1);
      } else {
        let k = kvs[i];
        let kl = 0;
        if (k instanceof Box) {
          kl = k.l;
          sl = J(sl, kl);
          k = k.v;
        }
        const v = noFn(kvs[i + 1], kl);
        o[String(key(k, kl))] = strict ? R.asg(v) : v;
      }
    }
    if (sl) o[SL] = sl;
    return o;
  };
  // Template literal (the operator `template`, generic): a string built from every part, labeled
  // with the deep label of each. Primitives, labeled or not (the common case), in one pass; a
  // container, function or date among the parts takes templateAny, which is the lift itself.
  R.tpl = function (quasis, exprs) {
    if (SLOW) return templateAny(quasis, exprs);
    let s = quasis[0];
    let l = 0;
    let d = -1;
    for (let i = 0; i < exprs.length; i++) {
      const x = exprs[i];
      const boxed = x instanceof Box;
      const v = boxed ? x.v : x;
      // (Before any join: templateAny interns exactly the labels it always did.)
      if (v !== null && (typeof v === 'object' || typeof v === 'function')) return templateAny(quasis, exprs);
      if (boxed) {
        l = J(l, x.l);
        if (d === -1) d = x.d;
      }
      s += String(v) + quasis[i + 1];
    }
    // Whether it throws (the text grows past the limit) is decided by its parts (§3a), as for `+`.
    if (TD > 0) acc(l);
    return mk(checkStr(s), l, 'template', d, -1);
  };
  function templateAny(quasis, exprs) {
    let s = quasis[0];
    let l = 0;
    let d = -1;
    for (let i = 0; i < exprs.length; i++) {
      const x = exprs[i];
      // Its text may fail (a circular array): decided by its deep label (inside a try, §3a).
      if (TD > 0) acc(deepLab(x));
      const sx = str(x);
      l = J(l, sx.l);
      if (d === -1) d = dOf(x);
      s += sx.s + quasis[i + 1];
    }
    return mk(checkStr(s), l, 'template', d, -1);
  }
  // A value's text (a template's part, a default sort's key) and the generic lift's label for
  // it: the deep label, as conv.
  function str(x) {
    const v = x instanceof Box ? x.v : x;
    // A function's text would be its instrumented code.
    if (typeof v === 'function') return { s: 'function', l: deepLab(x) };
    return {
      s: v !== null && typeof v === 'object' && !(v instanceof Date) ? String(prim(v)) : String(v),
      l: deepLab(x),
    };
  }
  R.re = function (source, flags) {
    return new RegExp(source, flags);
  };
  const PLAN_FN = new WeakSet();
  const ASYNC_FN = new WeakSet();
  // A plain function's native copy (plan/plain-functions.ts): what a callback may run instead,
  // under the same guard as the function's own entry (an empty context, number arguments); or a
  // field function's, which only a sort runs (plan/field-functions.ts).
  const NATIVE_COPY = new WeakMap();
  const COPY_INFO = new WeakMap();
  R.fn = function (f, isAsync, copy, info) {
    R.fd(f, isAsync, copy, info);
    return R.pc === 0 ? f : new Box(f, R.pc, node('function', -1, -1, R.pc));
  };
  R.fd = function (f, isAsync, copy, info) {
    PLAN_FN.add(f);
    if (isAsync) ASYNC_FN.add(f);
    if (copy) NATIVE_COPY.set(f, copy);
    if (info) COPY_INFO.set(copy, info);
    return f;
  };
  const nativeCopy = (f) => NATIVE_COPY.get(f);
  // What a copy reads (plan/plain-functions.ts, copyInfo): records' fields per parameter, or the
  // fields of a field function; undefined for a copy over numbers.
  const copyInfo = (copy) => COPY_INFO.get(copy);
  R.GP = Object.getPrototypeOf;
  // The callee to call natively; its own label joins the context of the call.
  // An async plan function must be awaited where it is called: a call left running would
  // interleave with the plan in an order that labeled branches can steer.
  R.callee = function (f, awaited) {
    if (f instanceof Box) {
      // Whether it is a function (or throws) is decided by its label, as is the code that runs.
      acc(f.l);
      R.pc = J(R.pc, f.l);
      f = f.v;
    }
    if (typeof f !== 'function' || !PLAN_FN.has(f)) typeError('this value is not a function');
    if (ASYNC_FN.has(f) && !awaited) typeError('an async function must be awaited where it is called (await f(…))');
    return f;
  };
  R.spread = spreadList;
  // An argument list with spread parts: a native array whose SL is what its length depends on.
  R.sargs = function (items) {
    const out = [];
    let l = 0;
    for (let i = 0; i < items.length; i++) {
      const it = items[i];
      if (isArray(it) && it[0] === SPREAD) {
        l = J(l, spreadLab(it[1]));
        const src = spreadList(it[1]);
        for (let j = 0; j < src.length; j++) out.push(src[j]);
      } else out.push(it);
    }
    checkArr(out);
    if (l) out[SL] = l;
    return out;
  };
  // A plan-function call with spread arguments: the callee runs under what the argument count
  // depends on, and its rest parameter (R.rest) carries it.
  R.sp = 0;
  R.spcall = function (f, args, awaited) {
    const l = args[SL] || 0;
    if (l) R.pc = J(R.pc, l);
    const fn = R.callee(f, awaited);
    R.sp = l;
    return fn.apply(undefined, args);
  };
  R.rest = function (native, sp) {
    const a = newArr(J(sp, strict ? R.pc : 0));
    for (let i = 0; i < native.length; i++) a.push(noFn(native[i], a[SL] || 0));
    return a;
  };
  // Array destructuring's ...rest: the remaining elements under the source's labels.
  R.arest = function (x, from) {
    const a = newArr(lab(x));
    const src = spreadList(x);
    for (let i = from; i < src.length; i++) a.push(src[i]);
    return a;
  };
  // Elements of an iterable value, each joined with the structure label (and the reference's).
  // (The `...` row: under the generic lift, every element also carries all the source holds.)
  function spreadList(x) {
    let l = spreadLab === deepLab ? deepLab(x) : 0;
    if (x instanceof Box) {
      l = l === 0 ? x.l : J(l, x.l);
      x = x.v;
    }
    // Whether x can be spread depends on its type: inside a try, a label to remember.
    acc(J(l, x !== null && typeof x === 'object' ? x[SL] || 0 : 0));
    if (typeof x === 'string') {
      const out = [];
      for (const ch of x) out.push(mk(ch, l, 'char', -1, -1));
      return out;
    }
    if (isArray(x)) {
      const sl = J(l, x[SL] || 0);
      return sl === 0 ? x.slice() : x.map((e) => elem(e, sl, 'element', -1));
    }
    if (x instanceof LMap) {
      const sl = J(l, x[SL] || 0);
      const out = [];
      for (const e of x.m.values()) out.push(pair(e[0], e[1], sl));
      return out;
    }
    if (x instanceof LSet) {
      const sl = J(l, x[SL] || 0);
      const out = [];
      for (const e of x.m.values()) out.push(elem(e, sl, 'element', -1));
      return out;
    }
    return typeError('this value is not iterable', J(l, lab(x)));
  }
  function pair(a, b, sl) {
    const p = newArr(0);
    p.push(elem(a, sl, 'key', -1), elem(b, sl, 'value', -1));
    if (sl) p[SL] = sl;
    return p;
  }
  // for…of: the iterable's label (reference and structure) is the loop's control label.
  // it.l: everything the loop depends on (for what runs after it); it.c: the control label of
  // one iteration. Over a tool's listing, an iteration runs because its item is listed, so its
  // context is that item's own label (self-scoping: each email acts on itself), not the whole
  // listing's; any derived or changed array (slice, filter, sort, splice…) is the whole structure.
  // `ordered`: the loop sees the order (it can leave early, or carries state from one iteration
  // to the next: 1), or its body may throw (2), which leaves it early when a try is open around
  // it; then no iteration runs under its own item's label alone.
  R.iter = function (x, ordered) {
    const l = lab(x);
    const v = raw(x);
    // Whether it is iterable at all is decided by its reference's label (§3a); spreadList
    // accumulates the rest.
    if (TD > 0 && x instanceof Box) acc(x.l);
    if (isArray(v)) {
      const rl = x instanceof Box ? x.l : 0;
      const listing = v[LISTING] === true && !(ordered === 1 || (ordered === 2 && TD > 0));
      const c = listing ? J(rl, v[CHOSEN] || 0) : l;
      return { a: v, live: true, l: l, rl: rl, c: c, listing: listing, lst: v[LISTING] === true, ls: -1, k: 0 };
    }
    return { a: spreadList(x), live: false, l: l, rl: 0, c: l, listing: false, ls: -1, k: 0 };
  };
  // R.iter over a collect loop's list (plan/collect-loops.ts): an unfilled word list (R.words)
  // stays unfilled, its label (what lab would read after filling it) taken from its words'.
  R.iterW = function (x, ordered) {
    const v = raw(x);
    const p = TD === 0 && x instanceof Box && isArray(v) ? wordsOf(v) : undefined;
    if (p === undefined) return R.iter(x, ordered);
    const l = J(x.l, p.l);
    return { a: v, live: true, l: l, rl: x.l, c: l, listing: false, ls: -1, k: 0 };
  };
  // The label of the order of a listing a loop walked (plan/listing-order.ts): what it depends on,
  // what chose the listing and what decided its breaks and continues (`la`); 0 over anything
  // else, whose items carry its structure already.
  R.ordL = function (it, la) {
    return it.lst === true ? J(J(it.l, J(it.rl, it.a[CHOSEN] || 0)), la || 0) : 0;
  };
  // An error leaving a loop that sees the order but runs its iterations under their own items:
  // which iteration failed, and what it saw, depend on the order.
  R.ordErr = function (e, it) {
    if (it.lst === true && (e instanceof PlanError || e instanceof PlanThrow)) e.l = J(e.l, R.ordL(it));
    return e;
  };
  // Whether there is another iteration depends on the array's structure now (it may grow).
  // The join with the structure is made again only when the structure label changed (it.ls: the
  // one last joined, it.k: the reference's label joined with it): joining it again changes nothing.
  R.more = function (it, i) {
    if (it.live) {
      const sl = it.a[SL] || 0;
      if (sl !== it.ls) {
        it.ls = sl;
        it.k = J(it.rl, sl);
        it.l = J(it.l, it.k);
      }
      if (!(it.listing && it.a[LISTING] === true)) it.c = it.l;
    }
    return i < it.a.length;
  };
  R.at = function (it, i) {
    if (!it.live) return it.a[i];
    if (it.listing && it.a[LISTING] === true) {
      const e = elem(it.a[i], it.rl, 'element', -1);
      R.pc = J(R.pc, lab(e));
      return e;
    }
    const sl = it.a[SL] || 0;
    return elem(it.a[i], sl === it.ls ? it.k : J(it.rl, sl), 'element', -1);
  };

  // ---- exceptions ---------------------------------------------------------------------------
  R.thr = function (v) {
    return new PlanThrow(v, J(lab(v), R.pc));
  };
  function isFatal(e) {
    if (e instanceof LimitError) return true;
    if (e instanceof PlanError || e instanceof PlanThrow) return false;
    return true;
  }
  // The value a `catch` binds; the catch (and what follows the try) runs under its label.
  R.caught = function (e, tp) {
    if (isFatal(e) || S.dead) {
      die(e);
      throw e;
    }
    // Backstop: the catch also runs under everything the try block could have thrown because
    // of (TA), in case some error was raised without its data's label.
    R.pc = J(J(tp, e.l), J(TA, R.tc));
    if (e instanceof PlanThrow) return withL(e.v, e.l, 'caught');
    const o = newObj();
    o.name = mk(e.kind, e.l, 'error', -1, -1);
    o.message = mk(e.message, e.l, 'error', -1, -1);
    if (e.l) o[SL] = e.l;
    return o;
  };

  // ---- functions and await ---------------------------------------------------------------
  // A return: the caller continues under the function's exit context (entry context joined
  // with every conditional return/throw seen), and the value carries the context it was
  // returned under (STRICT).
  // Conditional returns seen by callees: the caller after the call runs under them, later
  // iterations of its loops included (a conservative, run-wide join).
  // The caller picks this up after the call (R.exitOf): the rest of the caller runs under it.
  R.exit = 0;
  R.ret = function (v, entry, abr) {
    if (abr === 0 && R.pc === entry) return v;
    if (abr !== 0) R.exit = J(R.exit, abr);
    const here = R.pc;
    R.pc = back(J(entry, abr));
    return strict && here !== entry ? withL(v, here) : v;
  };
  function AsyncReturn(v, x) {
    this.v = v;
    this.x = x;
  }
  R.asticky = 0;
  R.aret = function (v, entry, abr) {
    if (abr !== 0) {
      R.exit = J(R.exit, abr);
      // An async function may finish after its caller went on (not awaited): every later
      // resumption joins what it returned early under.
      R.asticky = J(R.asticky, abr);
    }
    const here = R.pc;
    R.pc = back(J(entry, abr));
    return new AsyncReturn(strict && here !== entry ? withL(v, here) : v, abr);
  };
  // Awaiting a plain object with an own `then` would make it a thenable that the engine calls
  // with native resolve functions: hold plan objects out of reach of the await machinery.
  function Held(v) {
    this.v = v;
  }
  R.awv = function (v) {
    if (S.dead) throw new LimitError('steps', 'the run was stopped');
    // A tool call's promise chosen under a label (`await (c ? f() : g())`, a labeled array's
    // element) is a Box, which `await` would hand back unawaited: the call's answer or error
    // then never reached the plan. Which promise it is decides both, so both carry its label,
    // and inside a try so does whether it throws (§3a), as does what decided the call itself
    // (DECIDES), whichever try was open when it was made.
    const boxed = v instanceof Box && v.v instanceof Promise;
    const d = DECIDES.get(boxed ? v.v : v);
    if (boxed || d) {
      const l = boxed ? v.l : 0;
      acc(l);
      const decided = () => {
        if (d) acc(d.l);
      };
      return (boxed ? v.v : v).then(
        (x) => {
          decided();
          return new Held(withL(x, l, 'await'));
        },
        (e) => {
          decided();
          if (e instanceof PlanError || e instanceof PlanThrow) e.l = J(e.l, l);
          throw e;
        },
      );
    }
    return isObj(v) ? new Held(v) : v;
  };
  // After a call to a plan function: its conditional-return taint, for the caller's __abr.
  R.exitOf = function () {
    const x = R.exit;
    R.exit = 0;
    return x;
  };
  // After an await the function resumes under the context it had when it suspended.
  R.awr = function (v, saved) {
    if (v instanceof Held) v = v.v;
    if (v instanceof AsyncReturn) {
      R.pc = back(J(J(saved, v.x), R.asticky));
      return v.v;
    }
    R.pc = back(J(saved, R.asticky));
    return v;
  };

  // ---- the bridge: exporting and importing labeled values ------------------------------------
  // Tool requests name a label's sources by reference (run/source-sets.ts): its set's root node,
  // each node and each source name sent once per run, in the first request that needs it. A
  // listing's structure names every email of the mailbox, and so does everything a loop over it
  // computes: spelled out, each call sent the host megabytes of names (its arguments' labels and
  // every node of their lineage), over and over. SENT.names: how many names were sent; NSENT:
  // which nodes. The result and an error name theirs the same way, but mark only their own
  // (`sets.own`): the run's last message, which the host may have built twice (describing a
  // failure again when the first description could not be copied out).
  const SENT = { names: 0 };
  const NSENT = [];
  function newSets(last) {
    return { names: [], untrusted: [], nodes: [], own: last ? new Set() : null, end: 0 };
  }
  // What a message carries of `sets` (run/wire.ts SetsDelta).
  function setsOut(sets) {
    return { names: sets.names, untrusted: sets.untrusted, nodes: sets.nodes };
  }
  // The set's root, after adding to `sets` every node of it not sent yet, children first.
  function setRef(n, sets) {
    if (n === 0 || NSENT[n] === true || (sets.own !== null && sets.own.has(n))) return n;
    const kids = NKIDS[n];
    if (NDEPTH[n] > 0) for (let i = 0; i < kids.length; i++) setRef(kids[i], sets);
    if (sets.own === null) NSENT[n] = true;
    else sets.own.add(n);
    sets.nodes.push([n, NDEPTH[n]].concat(kids));
    return n;
  }
  // The names made since the last request (a set only ever names sources made before it); the
  // last message sends only those up to the last its sets name (`sets.end`).
  function sendNames(sets) {
    const end = sets.own === null ? SRC_NAME.length : sets.end;
    for (let i = SENT.names; i < end; i++) {
      sets.names.push(SRC_NAME[i]);
      if (!SRC_TRUST[i]) sets.untrusted.push(i);
    }
    if (sets.own === null) SENT.names = SRC_NAME.length;
  }
  function labelRef(l, sets) {
    const d = refOf(LS[l], LR[l], LC[l], sets);
    if (LV[l]) d.v = LV[l];
    return d;
  }
  function refOf(s, r, c, sets) {
    if (sets.own !== null && s !== 0) {
      const end = setEnd(s, NDEPTH_OF, NKIDS_OF);
      if (end > sets.end) sets.end = end;
    }
    return {
      n: setRef(s, sets),
      r: r === null ? null : r.map((i) => PRINCIPALS.names[i]),
      c: c.map((i) => CAPS.names[i]),
    };
  }
  // A reply names sets the same way (run/source-sets.ts ReplyLabels): a label whose names were
  // all sent has `n`, a node this run sent or one of the reply's own `sets` (ids -1, -2, …).
  // Everything is checked here, before anything of the reply is read: a node never sent, a set
  // naming a source never sent or deeper than it needs, a child of the wrong depth, an empty
  // node end the run (a label read wrong would be a label lost). The reply's own nodes are made
  // (as bsOf makes them: the same node where this runtime holds one of that content) only when
  // a label naming them is decoded, as a spelled-out label's set is (refSet).
  function replySets(reply) {
    const own = [];
    const bad = (what) => {
      const e = new PlanError('RuntimeError', 'malformed reply from the host: ' + what, 0);
      die(e);
      throw e;
    };
    const known = (k) => k === 0 || (k < 0 ? own[-k - 1] !== undefined : NSENT[k] === true);
    const depthOf = (k) => (k < 0 ? own[-k - 1].depth : NDEPTH[k]);
    const kidsOf = (k) => (k < 0 ? own[-k - 1].kids : NKIDS[k]);
    const nodes = reply.sets || [];
    for (let i = 0; i < nodes.length; i++) {
      const spec = nodes[i];
      const depth = spec[1];
      const kids = spec.slice(2);
      if (spec[0] !== -i - 1 || !((depth | 0) === depth && depth >= 0 && depth <= 8))
        bad('set node ' + spec[0] + " is not the reply's node " + (-i - 1) + ' of depth 0 to 8');
      if (kids.length > (depth === 0 ? LEAF : FAN)) bad('set node ' + spec[0] + ' has too many parts');
      for (let j = 0; j < kids.length; j++) {
        const k = kids[j];
        if (
          depth === 0 ? !((k | 0) === k && k >= 0 && k < 1 << 30) : !(known(k) && (k === 0 || depthOf(k) === depth - 1))
        )
          bad(
            'set node ' +
              spec[0] +
              ' has a part that is not ' +
              (depth === 0 ? 'a 30-bit word' : 'a node of depth ' + (depth - 1) + ' sent before'),
          );
      }
      if (!kids.some((k) => k !== 0)) bad('set node ' + spec[0] + ' is empty');
      while (depth > 0 && kids.length < FAN) kids.push(0);
      own.push({ depth: depth, kids: kids, n: undefined });
    }
    const check = (d) => {
      if (!d || d.n === undefined) return;
      if (!known(d.n)) bad('set ' + d.n + ' was never sent');
      if (d.n !== 0 && !(setEnd(d.n, depthOf, kidsOf) <= SENT.names))
        bad('set ' + d.n + ' names a source never sent, or is no root');
      if (d.n < 0) d.own = own;
    };
    if (reply.labels) for (const i in reply.labels) check(reply.labels[i]);
    check(reply.label);
    check(reply.state);
  }
  // One past the largest id a set's root names; NaN when the node is no root (every set here has
  // the least depth that holds its largest id).
  const NDEPTH_OF = (n) => NDEPTH[n];
  const NKIDS_OF = (n) => NKIDS[n];
  function setEnd(n, depthOf, kidsOf) {
    let base = 0;
    let span = LEAF;
    for (let d = 1; d < depthOf(n); d++) span *= FAN;
    for (let root = true; ; root = false) {
      const kids = kidsOf(n);
      let i = kids.length - 1;
      while (i > 0 && kids[i] === 0) i--;
      if (depthOf(n) === 0) return (base + i) * 30 + 32 - Math.clz32(kids[i]);
      if (root && i === 0) return NaN;
      base += i * span;
      span /= FAN;
      n = kids[i];
    }
  }
  // The set a checked reference names (replySets), its reply's own nodes made now.
  function refSet(d) {
    if (d.own !== undefined) {
      const own = d.own;
      const make = (k) => {
        if (k >= 0) return k;
        const o = own[-k - 1];
        if (o.n === undefined) o.n = setNode(o.depth, o.depth === 0 ? o.kids : o.kids.map(make));
        return o.n;
      };
      d.n = make(d.n);
      d.own = undefined;
    }
    return d.n;
  }
  // A label description from the host (run/wire.ts LabelDesc, or a reference whose set replySets
  // resolved) as a label id. Imports decode hundreds of these (one or two per listed item), so
  // no intermediate sets or sorted copies.
  function labelFrom(d) {
    if (!d) return 0;
    let s = LAST.s;
    let r = LAST.r;
    const last = LAST.d;
    const n = d.n !== undefined ? refSet(d) : undefined;
    const same =
      last !== null &&
      (n !== undefined ? last.n === n : last.n === undefined && sameNames(d.s, last.s) && sameNames(d.u, last.u));
    if (!same || !sameNames(d.r, last.r)) {
      s = n !== undefined ? n : bsOf(d.ids !== undefined ? d.ids : srcIds(d));
      r = d.r === null ? null : idSet(d.r, PRINCIPALS);
      LAST.d = d;
      LAST.s = s;
      LAST.r = r;
    }
    return intern(s, r, idSet(d.c, CAPS), d.v || null);
  }
  // The ids of a description's sources, each made when first named.
  function srcIds(d) {
    // (A listing's label names every item it chose from: a set, not a scan per name.)
    const untrusted = d.u.length > 8 ? new Set(d.u) : null;
    return d.s.map((n) => srcId(n, untrusted === null ? d.u.indexOf(n) < 0 : !untrusted.has(n)));
  }
  // The last description labelFrom decoded, with its sources and readers: a tool's item comes
  // with two labels in a row that differ only in caps (the firewall's, on its text), and an
  // email's readers are all its recipients. (Decoded label parts are never changed in place.)
  const LAST = { d: null, s: null, r: null };
  function sameNames(a, b) {
    if (a === b) return true;
    if (a === null || b === null || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }
  // The ids of names in a table, sorted, without repeats.
  // A list is decoded once (by its text) and shared: an import's items repeat a few (the
  // firewall's caps on every email's text, a sender's readers), and decoded label parts are
  // never changed in place.
  const NO_IDS = [];
  function idSet(names, table) {
    if (names.length === 0) return NO_IDS;
    const text = JSON.stringify(names);
    let out = table.sets.get(text);
    if (out !== undefined) return out;
    if (table.sets.size >= 4096) table.sets.clear();
    table.sets.set(text, (out = []));
    for (let i = 0; i < names.length; i++) {
      const id = table.id(names[i]);
      let at = out.length;
      while (at > 0 && out[at - 1] > id) at--;
      if (out[at - 1] !== id) out.splice(at, 0, id);
    }
    return out;
  }
  // Encodes a value for the host: {k, l, d, ...} with labels as ids, plus the table of labels.
  function exportValue(x, labels, seen) {
    let l = 0;
    let d = -1;
    if (x instanceof Box) {
      l = x.l;
      d = x.d;
      x = x.v;
    }
    if (l) labels[l] = true;
    if (x === null || typeof x !== 'object') {
      if (typeof x === 'function') return { k: 'x', w: 'function', l: l, d: d };
      if (typeof x === 'number' && !isFinite(x)) return { k: 'p', v: null, l: l, d: d };
      return x === undefined ? { k: 'u', l: l, d: d } : { k: 'p', v: x, l: l, d: d };
    }
    if (x instanceof Date) return { k: 'p', v: isNaN(x.getTime()) ? null : x.toISOString(), l: l, d: d };
    if (seen.has(x)) typeError('cannot pass a circular structure to a tool', J(l, x[SL] || 0));
    seen.add(x);
    const sl = J(l, x[SL] || 0);
    if (sl) labels[sl] = true;
    let out;
    if (isArray(x)) out = { k: 'a', l: sl, d: d, i: x.map((e) => exportValue(e, labels, seen)) };
    else if (isObj(x)) {
      const e = {};
      for (const k of Object.keys(x)) e[k] = exportValue(x[k], labels, seen);
      out = { k: 'o', l: sl, d: d, e: e };
    } else if (x instanceof LMap || x instanceof LSet)
      out = { k: 'a', l: sl, d: d, i: spreadList(x).map((e) => exportValue(e, labels, seen)) };
    else out = { k: 'x', w: 'value', l: l, d: d };
    seen.delete(x);
    return out;
  }
  // A tool call's arguments, with each label's sources by reference (labelRef).
  function exportJson(v, sets) {
    const labels = {};
    const value = exportValue(v, labels, new Set());
    const table = {};
    for (const id of Object.keys(labels)) table[id] = labelRef(+id, sets);
    return { value: value, labels: table };
  }
  // The plan's result for the host: each part a person reads on its own (a top-level entry, an
  // item of a top-level list) with the join of its own labels, the root with the rest, so today's
  // date is not shown as "from an email" because the brief also lists mail. The host joins them
  // all for the report's resultLabel, which is as before. Bounded: a table of every part's label
  // grows with parts x sources (each subject of a listing carries the listing's label, naming
  // thousands of candidates) until the result no longer fits in the run's memory; past
  // RESULT_PARTS parts or RESULT_NAMES source names in all, a part's labels join the root's
  // instead (coarser, never lost).
  const RESULT_PARTS = 200;
  const RESULT_NAMES = 20000;
  function exportResult(v) {
    const value = exportValue(v, {}, new Set());
    const table = {};
    const sets = newSets(true);
    let parts = 0;
    let names = RESULT_NAMES;
    const acc = () => ({ s: 0, r: null, c: [] });
    const add = (a, l) => {
      if (!l) return;
      a.s = bsUnion(a.s, LS[l]);
      a.r = inter(a.r, LR[l]);
      a.c = union(a.c, LC[l]);
    };
    const empty = (a) => a.s === 0 && a.r === null && a.c.length === 0;
    // Takes every label off `e` and what it holds, into `a`.
    const gather = (e, a) => {
      add(a, e.l);
      e.l = 0;
      if (e.k === 'a') for (let i = 0; i < e.i.length; i++) gather(e.i[i], a);
      else if (e.k === 'o') for (const k of Object.keys(e.e)) gather(e.e[k], a);
    };
    const root = acc();
    // Parts often share one label (every item of a sorted listing names all its candidates):
    // such parts share one table entry, so the message names those sources once, not per part.
    const ids = new Map();
    const own = (e, a) => {
      if (empty(a)) return;
      if (parts < RESULT_PARTS) {
        const k = a.s + '|' + (a.r === null ? '*' : a.r.join(',')) + '|' + a.c.join(',');
        let id = ids.get(k);
        // Only a new table entry spends source names: a shared one is sent once.
        const n = id === undefined ? bsCount(a.s) : 0;
        if (n <= names) {
          names -= n;
          parts++;
          if (id === undefined) {
            id = ids.size + 2;
            ids.set(k, id);
            table[id] = refOf(a.s, a.r, a.c, sets);
          }
          e.l = id;
          return;
        }
      }
      root.s = bsUnion(root.s, a.s);
      root.r = inter(root.r, a.r);
      root.c = union(root.c, a.c);
    };
    const part = (e) => {
      const a = acc();
      gather(e, a);
      own(e, a);
    };
    // A list a person reads item by item: its own (structure) label, and each item its own.
    const list = (e) => {
      const a = acc();
      add(a, e.l);
      e.l = 0;
      for (let i = 0; i < e.i.length; i++) part(e.i[i]);
      own(e, a);
    };
    add(root, value.l);
    value.l = 0;
    if (value.k === 'o')
      for (const k of Object.keys(value.e)) {
        const e = value.e[k];
        if (e.k === 'a') list(e);
        else part(e);
      }
    else if (value.k === 'a') for (let i = 0; i < value.i.length; i++) part(value.i[i]);
    if (!empty(root)) {
      table[1] = refOf(root.s, root.r, root.c, sets);
      value.l = 1;
    }
    sendNames(sets);
    return { value: value, labels: table, sets: setsOut(sets) };
  }

  // Imports a value from the host: plain JSON, the label shape over it (run/wire.ts LabelShape:
  // a label id for a subtree labeled alike throughout, else one entry per part; a list's items
  // as templates of its own with the ids of their slots) and the table of label descriptions,
  // each decoded once per import, when a part with that label is first made.
  // Lazily: each object and each list longer than 4 is first an empty container (importPart),
  // filled with its parts — boxes and source nodes named by their path
  // (`source listEmails()[3].subject`) — the first time anything reads its structure label
  // (UNFILLED), which every read, walk, spread, conversion and export of a container does first,
  // or asks whether it is a plan object (isObj). A plan that only counts 300 emails makes none
  // of them. The path is spelled out only when a lineage asks for it (srcPath). `value` is the
  // parsed message's own, used by this import only.
  function importValue(value, shape, labels, path) {
    // Sources are numbered as they are first named, and a lineage lists a label's sources in that
    // order: numbered here, in the order the table lists them (the order of the parts that first
    // carry them), as if every part were made now, whichever part the plan reads first.
    let last = null;
    for (const i in labels) {
      const d = labels[i];
      // (A twin has the names of an earlier label: the same lists, compared by identity below.)
      if (d.p !== undefined) {
        const b = labels[d.p];
        d.s = b.s;
        d.u = b.u;
        d.r = b.r;
      }
      // (A set by reference names only sources made before.)
      if (d.n !== undefined) continue;
      // (An item's two labels differ only in caps: its sources are named once. Their ids are
      // kept for labelFrom.)
      if (last === null || !sameNames(d.s, last.s) || !sameNames(d.u, last.u)) d.ids = srcIds(d);
      last = d;
    }
    // Label ids by wire id (small numbers): a listing's parts look them up thousands of times.
    const ids = [];
    const labelOf = (i) => {
      let l = ids[i];
      if (l === undefined) ids[i] = l = labelFrom(labels[i]);
      return l;
    };
    return importPart(value, shape, labelOf, null, path, null, undefined, undefined, null);
  }
  // A part at `key` below `at`: the parent's source node, or its path where it has no node (the
  // top, an unlabeled container); `key` null for the top itself; `list` the imported list it is
  // an item of, if any. A number shape labels the whole subtree alike. An item of a template
  // (`['t', k, ids]`, the k-th of its list's `templates`) reads its slots' label ids in `ids`:
  // the numbers of a shape are wire ids where `ids` is null, else slots (the label of slot s is
  // labelOf(ids[s]); a lookup, not a function per item, as an email's fields look up labels
  // a dozen times). `up`: the container it is a part of (null for the top), for deepLab.
  function importPart(v, shape, labelOf, ids, at, key, list, templates, up) {
    if (typeof shape !== 'number' && shape[0] === 't') {
      const own = shape[2];
      ids = ids === null ? own : own.map((slot) => ids[slot]);
      shape = templates[shape[1]];
    }
    if (typeof shape === 'number') {
      if (v === null || typeof v !== 'object')
        return importLeaf(v, labelOf(ids === null ? shape : ids[shape]), at, key);
    } else if (shape[0] === 'u')
      return importLeaf(undefined, labelOf(ids === null ? shape[1] : ids[shape[1]]), at, key);
    if (!isArray(v)) {
      const o = Object.create(UNFILLED_OBJ);
      o[IMP] = o[PEND] = new Import(v, shape, labelOf, ids, at, key, list, up);
      return o;
    }
    // Every imported array is a listing, as the tool returned it (see R.iter).
    // (A short list, such as an email's recipients, costs less to fill in place, as it is, than
    // to leave unfilled.)
    if (v.length <= 4) {
      v[LISTING] = true;
      v[IMP] = up;
      fillFrom(v, v, shape, labelOf, ids, at, key);
      return v;
    }
    const a = [];
    a[LISTING] = true;
    a[IMP] = a[PEND] = new Import(v, shape, labelOf, ids, at, key, list, up);
    Object.defineProperty(a, SL, UNFILLED);
    return a;
  }
  // What an unfilled part is made from (PEND), kept after it is filled (IMP) for deepLab: its
  // deep label, once asked, and the start it was asked with (`deep`, `from`), its depth (`dep`).
  function Import(v, shape, labelOf, ids, at, key, list, up) {
    this.v = v;
    this.shape = shape;
    this.labelOf = labelOf;
    this.ids = ids;
    this.at = at;
    this.key = key;
    this.list = list;
    this.up = up;
    this.dep = undefined;
    this.deep = undefined;
    this.from = 0;
  }
  // A list's items are filled together, when the first of them is: filling each between the
  // plan's own steps cost ~10 ms more CPU than filling all at once in a loop over 300 emails, and
  // a plan that reads one item of a listing mostly reads them all. What stays unfilled is a list
  // none of whose items was read (a count, a length). ITEMS marks a list whose items may be
  // unfilled.
  const ITEMS = Symbol('unfilled-items');
  function fillItems(a) {
    a[ITEMS] = false;
    for (let i = 0; i < a.length; i++) filled(a[i]);
  }
  // An unfilled part's structure label: reading (or writing) it fills the part first. Until then
  // the part holds nothing at all, so code that reached its parts without this read would find
  // none rather than parts without their labels. An object inherits it from its prototype (which
  // filling replaces with none, as for every plan object), an array has it as its own.
  const UNFILLED = {
    get: function () {
      fill(this);
      return this[SL];
    },
    set: function (l) {
      fill(this);
      this[SL] = l;
    },
    configurable: true,
  };
  const UNFILLED_OBJ = Object.create(null, { [SL]: UNFILLED });
  const PEND = Symbol('pending-import');
  // Fills a part if it is unfilled. For the few walks that reach parts without reading the
  // structure label first (`in`, a path's EACH step, freezing the input, lineage, native copies).
  function filled(x) {
    if (x !== null && typeof x === 'object' && x[PEND] !== undefined) fill(x);
    return x;
  }
  function fill(o) {
    const p = o[PEND];
    o[PEND] = undefined;
    if (isArray(o)) delete o[SL];
    else Object.setPrototypeOf(o, OBJ_PROTO);
    if (p.words !== undefined) return fillWords(o, p);
    fillFrom(o, p.v, p.shape, p.labelOf, p.ids, p.at, p.key);
    // (The record stays, for deepLab; the value it was made from is in place now.)
    p.v = undefined;
    if (p.list !== undefined && p.list[ITEMS] === true) fillItems(p.list);
  }
  // A word list (library R.words: a labeled string's split, read only by a collect loop first):
  // the strings of `words`, each labeled `l` with a node `op` from the receiver's node `from`,
  // as the list stringList makes, held unfilled like an imported list — its boxes and nodes are
  // made when anything reads its structure label, or never when a collect loop (R.pushT) reads
  // the strings with their one label itself.
  function wordList(words, l, from, op) {
    const a = [];
    a[PEND] = { words: words, l: l, from: from, op: op };
    Object.defineProperty(a, SL, UNFILLED);
    return a;
  }
  // The pending words of an unfilled word list, or undefined.
  function wordsOf(a) {
    const p = a[PEND];
    return p !== undefined && p.words !== undefined ? p : undefined;
  }
  function fillWords(a, p) {
    const ws = p.words;
    for (let i = 0; i < ws.length; i++) a.push(new Box(ws[i], p.l, node(p.op, p.from, -1, p.l)));
    a[SL] = p.l;
  }
  // The keys of an object's shape, listed once per shape (a template's items share it).
  const KEYS = Symbol('shape-keys');
  // Fills o with the parts of v, the value at `key` below `at`.
  function fillFrom(o, v, shape, labelOf, ids, at, key) {
    const alike = typeof shape === 'number';
    const sl = alike ? shape : shape[1];
    const l = labelOf(ids === null ? sl : ids[sl]);
    const n = l === 0 ? -1 : srcNode(l, at, key);
    if (l) o[SL] = l;
    // Without a node of its own, its parts are named from its path (unlabeled alike, none is named).
    const here = n >= 0 || alike ? n : srcPath(at, key);
    if (isArray(o)) {
      // (Only a list with containers among its items has items to fill: see fillItems.)
      let parts = false;
      for (let i = 0; i < v.length; i++) {
        const x = v[i];
        if (x === null || typeof x !== 'object') {
          o[i] = alike ? importLeaf(x, l, n, i) : importPart(x, shape[2][i], labelOf, ids, here, i, o, shape[3], o);
          continue;
        }
        o[i] = importPart(x, alike ? shape : shape[2][i], labelOf, ids, here, i, o, shape[3], o);
        parts = true;
      }
      if (parts) o[ITEMS] = true;
      return;
    }
    if (alike) {
      for (const k of Object.keys(v)) {
        const x = v[k];
        o[k] =
          x === null || typeof x !== 'object'
            ? importLeaf(x, l, n, k)
            : importPart(x, shape, labelOf, ids, n, k, undefined, undefined, o);
      }
      return;
    }
    const parts = shape[2];
    // An item's fields are mostly leaves under one or two labels: each is made here (as
    // importLeaf makes it), its label looked up again only when its wire id changes.
    let ws = -1;
    let wl = 0;
    let keys = parts[KEYS];
    if (keys === undefined) parts[KEYS] = keys = Object.keys(parts);
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i];
      const s = parts[k];
      const x = v[k];
      if (typeof s !== 'number' || (x !== null && typeof x === 'object')) {
        // An empty list labeled alike (an email's cc, its labels, mostly) has no parts to name:
        // made here, with its label, without a source node that nothing would point at.
        if (typeof s === 'number' && x.length === 0 && isArray(x)) {
          const el = labelOf(ids === null ? s : ids[s]);
          x[LISTING] = true;
          x[IMP] = o;
          if (el !== 0) x[SL] = el;
          o[k] = x;
        } else o[k] = importPart(x, s, labelOf, ids, here, k, undefined, undefined, o);
        continue;
      }
      if (s !== ws) {
        ws = s;
        wl = labelOf(ids === null ? s : ids[s]);
      }
      o[k] = wl === 0 ? x : new Box(x, wl, srcNode(wl, here, k));
    }
  }
  function importLeaf(x, l, at, key) {
    return l === 0 ? x : new Box(x, l, srcNode(l, at, key));
  }
  // A source node for the part at `key` below `at` (see importPart), stored as its parts:
  // GA -2 marks it, GOP holds the key, GB the parent. Past the node bound, the label's summary.
  function srcNode(l, at, key) {
    if (GOP.length >= LIM.graphNodes) return node('summary', -1, -1, l);
    const n = GOP.length;
    GOP[n] = key;
    GA[n] = -2;
    GB[n] = at;
    GL[n] = l;
    return n;
  }
  // The path of the part at `key` below `at`.
  function srcPath(at, key) {
    const p = typeof at === 'number' ? srcPath(GB[at], GOP[at]) : at;
    return key === null ? p : typeof key === 'number' ? p + '[' + key + ']' : p + '.' + key;
  }
  // A node's operation, as lineage shows it.
  const opOf = (n) => (GA[n] === -2 ? 'source ' + srcPath(GB[n], GOP[n]) : GOP[n]);
  // What decides whether each tool call's promise rejects (its arguments, context and the world
  // state it read): joined again where the promise is awaited (R.awv), which may be inside a try
  // the call was made outside of (`const p = getEmail(id); try { await p; … }`).
  const DECIDES = new WeakMap();
  R.tool = function (name, args, line, column) {
    const d = { l: 0 };
    const p = toolCall(d, name, args, line, column);
    DECIDES.set(p, d);
    return p;
  };
  async function toolCall(d, name, args, line, column) {
    if (S.dead) throw new LimitError('steps', 'the run was stopped');
    if (++S.tools > LIM.toolCalls) limit('toolCalls', 'the plan made more than ' + LIM.toolCalls + ' tool calls');
    const pc = R.pc;
    const argLabel = deepLab(args);
    d.l = J(argLabel, pc);
    acc(d.l);
    const sets = newSets(false);
    const enc = exportJson(args, sets);
    if (pc) enc.labels[pc] = labelRef(pc, sets);
    if (R.cl) enc.labels[R.cl] = labelRef(R.cl, sets);
    const cl = R.cl;
    // Later calls are numbered after this one and budgets count it: they depend on its context.
    R.cl = J(R.cl, pc);
    const lineage = lineageOf(args, sets);
    sendNames(sets);
    const reply = JSON.parse(
      await host(
        JSON.stringify({
          tool: name,
          args: enc.value,
          labels: enc.labels,
          pc: pc,
          cl: cl,
          lineage: lineage,
          sets: setsOut(sets),
        }),
      ),
    );
    if (S.dead) throw new LimitError('steps', 'the run was stopped');
    replySets(reply);
    // Whether the call throws, how the gate decides it, what it returns: beyond its arguments,
    // the world state it depends on (the item it names, labeled by what wrote it; what the gate
    // read to decide it) and whatever may have written or created that item unseen (R.wt: effects under a context, branches
    // that may have made one). A call that depends on its arguments only (an extractor) has no
    // reply.state: that it did not throw tells nothing of the world.
    const ws = reply.state ? J(labelFrom(reply.state), R.wt) : 0;
    acc(ws);
    d.l = J(d.l, ws);
    if (!reply.ok) {
      const el = J(labelFrom(reply.label), ws);
      d.l = J(d.l, el);
      const err = new PlanError(reply.kind, reply.message, J(J(el, pc), reply.kind === 'PolicyDenied' ? argLabel : 0));
      // After an await the stack no longer shows the plan's line: remember the call's position.
      err.pos = { line: line, column: column };
      // A budget's denial ends the run (engine/gate/types.ts endsRun): no catch may go on.
      if (reply.fatal === true) die(err);
      throw err;
    }
    if (reply.effect && strict && pc !== 0) R.wt = J(R.wt, pc);
    const out = importValue(
      reply.value,
      reply.shape,
      reply.labels,
      name + (reply.item ? '(' + reply.item + ')' : '()'),
    );
    const chosenBy = J(argLabel, pc);
    if (chosenBy !== 0 && isArray(raw(out)) && raw(out)[LISTING] === true) raw(out)[CHOSEN] = chosenBy;
    // Only what reads the world sees the world's state (an extractor's answer does not).
    const seen = J(reply.observes ? R.wt : 0, ws);
    return seen === 0 ? out : withL(out, seen, 'world state');
  }
  // World state written by effect calls (and by branches that may have made one) shows in
  // everything tools return afterwards (STRICT): a draft's id, an archive folder's contents.
  R.wt = 0;
  // The contexts calls were made under, and (STRICT) those of branches that may have made one:
  // what a call's number (a claim's id) and a budget's count depend on. Sent with every call.
  R.cl = 0;
  R.callsUp = function () {
    if (strict && R.pc !== 0) R.cl = J(R.cl, R.pc);
  };
  R.worldUp = function () {
    if (strict && R.pc !== 0) R.wt = J(R.wt, R.pc);
  };
  // The request's parameters are read-only: a write the effect analysis would have to track
  // (through an alias, in a branch not taken) cannot happen. A write fails (R.set, methods).
  function freezeDeep(x) {
    const v = raw(x);
    if (v === null || typeof v !== 'object') return;
    for (const k of Object.keys(filled(v))) freezeDeep(v[k]);
    Object.freeze(v);
  }
  R.input = cfg.input ? importValue(cfg.input.value, cfg.input.shape, cfg.input.labels, 'input') : undefined;
  freezeDeep(R.input);

  // ---- lineage -----------------------------------------------------------------------------
  // Explains a node as a small tree: operations down to their sources, bounded in size.
  // Every node names its label's sources (by reference, setRef): an operation may join labels
  // that have no node of their own (a structure, the context), so the union over a node's inputs
  // can be smaller.
  function explain(n, budget, depth, sets) {
    if (n < 0) return null;
    const l = GL[n];
    const out = { op: opOf(n), n: setRef(LS[l], sets) };
    if (GA[n] === -2 || GOP[n] === 'summary' || budget.left <= 0 || depth > 12) return out;
    budget.left--;
    const from = [];
    const a = explain(GA[n], budget, depth + 1, sets);
    const b = explain(GB[n], budget, depth + 1, sets);
    if (a) from.push(a);
    if (b) from.push(b);
    if (from.length) out.from = from;
    return out;
  }
  function lineageOf(v, sets) {
    const out = {};
    const walk = (x, path, seen) => {
      if (x instanceof Box && x.d >= 0) out[path] = explain(x.d, { left: 40 }, 0, sets);
      const r = raw(x);
      if (r === null || typeof r !== 'object' || seen.has(r)) return;
      seen.add(filled(r));
      if (isArray(r)) r.forEach((e, i) => walk(e, path + '[' + i + ']', seen));
      else if (isObj(r)) for (const k of Object.keys(r)) walk(r[k], path ? path + '.' + k : k, seen);
    };
    walk(v, '', new Set());
    return out;
  }

  // ---- built-ins and methods -----------------------------------------------------------------
  // Implemented in runtime-lib (appended by the host): R.mc, R.bi, R.newc.
  R.__internal = {
    Box,
    fieldRead,
    READ,
    nativeCopy,
    copyInfo,
    LMap,
    LSet,
    PlanError,
    PlanThrow,
    LimitError,
    SL,
    J,
    JK,
    back,
    conv,
    mk,
    raw,
    lab,
    elem,
    withL,
    deepLab,
    plain,
    newArr,
    newObj,
    isObj,
    checkStr,
    checkArr,
    typeError,
    limit,
    spreadList,
    pair,
    str,
    acc,
    inTry,
    strict,
    LIM,
    cfg,
    LISTING,
    wrote,
    IMP,
    S,
    key,
    dOf,
    noFn,
    filled,
    node,
    wordList,
    wordsOf,
  };
  // Host-side helpers: describe a failure, export the result.
  // An error's label names its sources by reference, as the result's do (exportResult).
  function described(o, l) {
    const sets = newSets(true);
    o.label = labelRef(l, sets);
    sendNames(sets);
    o.sets = setsOut(sets);
    return JSON.stringify(o);
  }
  R.describe = function (e) {
    const pos = (e && typeof e.stack === 'string' && e.stack) || '';
    if (e instanceof LimitError)
      return JSON.stringify({ kind: 'LimitExceeded', message: e.message, limit: e.limit, stack: pos });
    if (e instanceof PlanError) return described({ kind: e.kind, message: e.message, stack: pos, pos: e.pos }, e.l);
    if (e instanceof PlanThrow) {
      let m;
      try {
        const p = plain(e.v);
        m = typeof p === 'string' ? p : JSON.stringify(p);
      } catch (x) {
        m = 'a value';
      }
      return described({ kind: 'RuntimeError', message: 'uncaught: ' + m, stack: pos }, e.l);
    }
    // QuickJS throws null when it cannot even allocate the error.
    if (e === null || e === undefined)
      return JSON.stringify({ kind: 'LimitExceeded', limit: 'memoryBytes', message: 'the run ran out of memory' });
    const name = e && e.name;
    const message = String((e && e.message) || e);
    return described({ kind: 'Native', name: String(name), message: message, stack: pos }, R.pc);
  };
  R.result = (v) => (S.dead ? null : JSON.stringify(exportResult(v)));
  R.failure = () => (S.fatal === null ? null : R.describe(S.fatal));
  R.stats = () => JSON.stringify({ steps: S.n, graphNodes: GOP.length, labels: LS.length, sourceWords: setWords });
  return R;
});
