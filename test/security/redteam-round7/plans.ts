/**
 * The plans of red-team round 7 (redteam-round7.test.ts), shared with the differential test
 * (test/engine/reference): each runs after `const m = await getEmail('m1')` in the laundering
 * world and, but for CHOSEN_UNDER_LABEL, ends with `v`, which the harness sends.
 */

/**
 * Attempts that held, each ending with `v`, which the harness sends in a trusted-looking call:
 * the two versions of the attacker's email must give the same trusted calls. Kept so that they
 * stay held.
 */
export const HELD: readonly string[] = [
  // The text of an error raised by an operation whose receiver is trusted but whose key is not.
  `let v = 'a'; const o = null; try { o[m.subject]; } catch (e) { v = String(e); }`,
  `let v = 'a'; const o = null; try { o[m.subject]; } catch ({ message }) { v = message; }`,
  `let v = 'a'; const o = undefined; try { o[m.subject] = 1; } catch (e) { v = e.message; }`,
  `let v = 'a'; try { JSON.parse(m.body); } catch (e) { v = e.message; }`,
  `let v = 'a'; try { const o = {}; o[m.subject.slice(0, 1) === 'U' ? 'constructor' : 'x']; } catch (e) { v = e.message; }`,
  `let v = 'a'; try { const xs = []; xs[m.subject].x; } catch (e) { v = e.message; }`,
  `let v = 0; try { (1.5).toFixed(m.body.length); v = 1; } catch (e) { v = 2; }`,
  `let v = 'a'; try { new Date(m.body).toISOString(); } catch (e) { v = 'b'; }`,
  // Dates are values (no setters), array lengths are no keys, holes count.
  `const d = new Date(0); if (m.body.length > 10) { d.setTime(5); } const v = d.getTime();`,
  `const xs = [1, 2, 3]; if (m.body.length > 10) { xs.length = 1; } const v = xs.length;`,
  `const xs = []; xs[m.body.length % 5] = 1; const v = xs.length;`,
  // A key named like an operator's rule (\`.length\`, \`.size\` read the shape of arrays, maps, sets).
  `const o = { length: m.body.length }; const v = o.length;`,
  `const o = { size: m.body.length }; const v = o.size;`,
  `const o = { length: 3 }; if (m.body.length > 10) { o.length = 4; } const v = o.length;`,
  `const v = { length: m.subject }.length;`,
  // A Set changed in a branch; a comparator that counts; a space argument; a function chosen.
  `let v = 'a'; const s = new Set(); if (m.body.length > 10) { s.add(1); } v = s.size;`,
  `let c = 0; [3, 1, 2].sort((a, b) => { if (m.body.length > 10) { c = c + 1; } return a - b; }); const v = c;`,
  `const v = JSON.stringify({ a: 1 }, null, m.body.length % 5);`,
  `let f = () => 'a'; if (m.body.length > 10) { f = () => 'b'; } const v = f();`,
  `let g = () => 'a'; if (m.body.length > 10) { const x = 'b'; g = () => x; } const v = g();`,
  `const v = (0.5).toFixed(2) + [1, 2].indexOf(m.body.length > 10 ? 1 : 2);`,
  `const v = Math.max(...[m.body.length].filter((x) => x > 1000));`,
  `const t = m.body.length > 10; const o = { a: 1 }; const v = Object.keys(t ? o : {}).length;`,
  // Keys the host's JSON.parse makes own properties: never a prototype.
  `const o = JSON.parse(m.body.length > 10 ? '{"__proto__": {"x": 1}}' : '{}'); const q = {}; const v = [q.x, { ...o }.x];`,
];

/** The id of a call that fails or not as the attacker's text says, read from it as data. */
const ID = `['nope', 'm2'][Number(m.body.length > 10)]`;
/**
 * A tool call awaited in a try it was not made in: each plan decides, by whether the attacker's
 * text makes a call fail, whether `v` is 'ok' (NORMAL lets a choice by `?:` pass by design).
 */
export const AWAITED_ELSEWHERE: readonly string[] = [
  `const p = getEmail(${ID}); let v = 'a'; try { await p; v = 'ok'; } catch (e) { v = 'err'; }`,
  `const p = getEmail(${ID}); let v = 'a'; try { await p; v = 'ok'; } catch (e) { }`,
  `const p = getEmail(${ID}); let v = 'a'; try { await p; } catch (e) { } v = 'after';`,
  `let v = 'a'; const p = getEmail(${ID}); await getEmail('m3'); try { await p; v = 'ok'; } catch (e) { v = 'err'; }`,
  `const ps = [getEmail(${ID})]; let v = 'a'; try { await ps[0]; v = 'ok'; } catch (e) { }`,
  `let v = 'a'; let p = null; try { p = getEmail(${ID}); } catch (e) { } try { await p; v = 'ok'; } catch (e) { }`,
  `let v = 'a'; async function f(q) { try { await q; return 'ok'; } catch (e) { return 'err'; } } v = await f(getEmail(${ID}));`,
  `const p = m.body.length > 10 ? getEmail('m2') : getEmail('nope'); let v = 'a'; try { await p; v = 'ok'; } catch (e) { }`,
  `const mp = new Map([[1, getEmail(${ID})]]); let v = 'a'; try { await mp.get(1); v = 'ok'; } catch (e) { }`,
  `const o = { p: getEmail(${ID}) }; let v = 'a'; try { await o.p; v = 'ok'; } catch (e) { }`,
  `const p = getEmail(${ID}); let v = 'a'; try { JSON.parse('1'); } catch (e) { } try { await [p][0]; } catch (e) { v = 'err'; }`,
];

/** A tool call's promise chosen under a label (`input.c` is true), awaited. */
export const CHOSEN_UNDER_LABEL: readonly string[] = [
  `return await (input.c ? searchContacts('omar') : searchContacts('priya'));`,
  `const p = input.c ? searchContacts('omar') : searchContacts('priya'); const r = await p; return r;`,
  `let p = searchContacts('priya'); if (input.c) { p = searchContacts('omar'); } return await p;`,
];
