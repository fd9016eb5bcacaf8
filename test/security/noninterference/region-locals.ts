/**
 * Plans that try to carry a region's condition out through a name declared inside the region
 * (docs/semantics.md §3, declarations: a `let`/`const` is bound without the context). The region
 * is decided by untrusted mail (a branch, an iteration over a listing, the rest of a `try` block
 * after a conditional throw, a callback, a `switch` case, a loop test); a local declared in it
 * holds a trusted address (or a container or closure around one); then every way out is tried:
 * an assignment to an outer variable (also from a callback), a closure stored outside and called
 * after the region, a container write (object field, push, Map entry), a tool call inside the
 * region, a return from a plain and an async function, a throw caught outside, a `break` out of
 * an enclosing loop, a destructuring default, and a nested region that writes the local. What
 * leaves ends up in `to`, which a `sendEmail` after the region sends to: if the local did not
 * carry the condition out, that call is trusted in one run and its recipient changes with the
 * mail in the other.
 */
import fc from 'fast-check';
import { MAIL_CONDITIONS } from './programs';

const cond = fc.constantFrom(...MAIL_CONDITIONS);
const trusted = fc.constantFrom("'omar@northwind.test'", 'c.email', 'input.to');

/** A local named `w` and how to read the address back out of it. */
interface Local {
  readonly decl: string;
  readonly get: string;
}
const local: fc.Arbitrary<Local> = fc.oneof(
  trusted.map((t) => ({ decl: `const w = ${t};`, get: 'w' })),
  trusted.map((t) => ({ decl: `let w = ${t};`, get: 'w' })),
  trusted.map((t) => ({ decl: `let w; w = ${t};`, get: 'w' })),
  trusted.map((t) => ({ decl: `const { a: w } = { a: ${t} };`, get: 'w' })),
  trusted.map((t) => ({ decl: `const [w] = [${t}];`, get: 'w' })),
  trusted.map((t) => ({ decl: `const { w = ${t} } = {};`, get: 'w' })),
  trusted.map((t) => ({ decl: `const w = { a: ${t} };`, get: 'w.a' })),
  trusted.map((t) => ({ decl: `const w = [${t}];`, get: 'w[0]' })),
  trusted.map((t) => ({ decl: `const w = () => ${t};`, get: 'w()' })),
  // Written again by a nested region decided by other mail.
  fc
    .tuple(trusted, cond)
    .map(([t, c]) => ({ decl: `let w = 'priya@northwind.test'; if (${c}) { w = ${t}; }`, get: 'w' })),
);

/**
 * A way out of the region: code inside it (`in`, after the declaration; `before`, at the start of
 * the region's body, before what may skip the declaration) and, after the region, code that sets
 * `to`.
 */
interface Exit {
  readonly in: (get: string) => string;
  readonly before?: (get: string) => string;
  readonly after: string;
  /** Wraps the whole region (a function, a loop, a try around it). */
  readonly around?: (region: string) => string;
}
const exits: fc.Arbitrary<Exit> = fc.constantFrom<Exit>(
  { in: (g) => `to = ${g};`, after: '' },
  { in: (g) => `f = () => ${g};`, after: 'to = f();' },
  { in: (g) => `[1].forEach((x) => { to = ${g}; });`, after: '' },
  { in: (g) => `const h = () => ${g}; f = h;`, after: 'to = f();' },
  { in: (g) => `box.to = ${g};`, after: 'to = box.to ?? to;' },
  { in: (g) => `arr.push(${g});`, after: 'to = arr[arr.length - 1] ?? to;' },
  { in: (g) => `m.set('to', ${g});`, after: "to = m.get('to') ?? to;" },
  { in: (g) => `await sendEmail({ to: [${g}], subject: 'Inside', body: 'Fixed.' });`, after: '' },
  {
    in: (g) => `return ${g};`,
    after: 'to = g();',
    around: (r) => `function g() { ${r} return 'priya@northwind.test'; }`,
  },
  {
    in: (g) => `return ${g};`,
    after: 'to = await ga();',
    around: (r) => `async function ga() { ${r} return 'priya@northwind.test'; }`,
  },
  { in: (g) => `throw ${g};`, after: '', around: (r) => `try { ${r} } catch (err) { to = err; }` },
  { in: (g) => `k = ${g}; break;`, after: 'to = k;', around: (r) => `for (const y of [1, 2]) { ${r} }` },
  { in: (g) => `const { v = ${g} } = {}; to = v;`, after: '' },
  { in: (g) => `let z = ${g}; f = () => z; z = 'priya@northwind.test'; z = ${g};`, after: 'to = f();' },
  // A function made before the declaration (hoisted), stored outside, called after the region:
  // where the declaration did not run, the read ends the run.
  { before: (g) => `function gg() { return ${g}; } f = gg;`, in: () => '', after: 'to = f();' },
);

/** Regions decided by the mail: each gets the local's declaration and the exit as its body. */
interface Region {
  /** `before` starts the body; `body` (the declaration and the exit) follows what may skip it. */
  readonly make: (c: string, before: string, body: string) => string;
  /** A callback's body: no `await`, and a `return` or `break` would not leave it. */
  readonly callback?: true;
}
const regions = fc.constantFrom<Region>(
  { make: (c, pre, body) => `if (${c}) { ${pre} ${body} }` },
  { make: (c, pre, body) => `if (${c}) { } else { ${pre} ${body} }` },
  { make: (c, pre, body) => `for (const e of list) { if (${c}) { ${pre} ${body} } }` },
  { make: (_c, pre, body) => `for (const e of list.slice(0, 2)) { ${pre} ${body} }` },
  { make: (c, pre, body) => `for (const e of list) { ${pre} if (${c}) { continue; } ${body} }` },
  { make: (c, pre, body) => `try { ${pre} if (${c}) { throw 'stop'; } ${body} } catch (err2) { }` },
  { make: (c, pre, body) => `switch (${c}) { case true: { ${pre} ${body} } }` },
  { make: (c, pre, body) => `let once = 0; while (once < 1 && ${c}) { once = once + 1; ${pre} ${body} }` },
  {
    make: (c, pre, body) => `list.slice(0, 2).forEach((e) => { if (${c}) { ${pre} ${body} } });`,
    callback: true,
  },
  { make: (_c, pre, body) => `list.filter((e) => { ${pre} ${body} return e.unread; });`, callback: true },
);

export const regionLocalArb: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('m1', 'm2', 'm3'), cond, local, exits, regions)
  .filter(([, , , x, r]) => !r.callback || (!x.around && !x.in('w').includes('await')))
  .map(([id, c, l, x, r]) => {
    const region = r.make(c, x.before?.(l.get) ?? '', `${l.decl} ${x.in(l.get)}`);
    // A return or a break leaves the region through the function or loop around it.
    return `const e = await getEmail('${id}');
const list = await listEmails({ folder: 'INBOX' });
const c = (await searchContacts('Omar'))[0];
const m = new Map();
const box = {};
const arr = [];
let f = () => 'priya@northwind.test';
let k = 'priya@northwind.test';
let to = 'priya@northwind.test';
${x.around ? x.around(region) : region}
${x.after}
await sendEmail({ to: [to], subject: 'Status', body: 'Fixed text.' });
return to;`;
  });
