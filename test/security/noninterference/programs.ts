/**
 * Random plans over the whole language for the noninterference pairs: untrusted reads (an
 * email's body, subject, sender, a listing), trusted values (a contact, literals), mixed by
 * every construct that has carried a leak before — branches, ternaries, `&&`/`||`/`??`, loops
 * over listings with break/continue, functions with early returns, try/catch/finally with
 * throws, callbacks of array methods, destructuring defaults, optional chains, Map/Set, JSON —
 * and ending in egress calls whose recipients and text come from those variables.
 */
import fc from 'fast-check';

/** Expressions of each kind, as plan source. `u` = untrusted text, `t` = a trusted address. */
const untrustedText = fc.constantFrom(
  'e.body',
  'e.subject',
  'e.from',
  "e.body.split(' ')[0]",
  'String(e.body.length)',
  "(e.cc[0] ?? 'none')",
  'JSON.parse(JSON.stringify({ s: e.subject })).s',
);
const trustedAddr = fc.constantFrom("'omar@northwind.test'", "'priya@northwind.test'", 'c.email', 'input.to');
/** Conditions decided by untrusted mail (`e`: one email, `list`: the INBOX listing). */
export const MAIL_CONDITIONS = [
  "e.body.includes('zed')",
  'e.subject.length > 10',
  "e.from.endsWith('attacker.test>')",
  'e.unread',
  "list.some((x) => x.body.includes('widget'))",
] as const;
const cond = fc.constantFrom(
  ...MAIL_CONDITIONS,
  'list.length > 2',
  "(e.cc[0] ?? '').length === 0",
  'm.has(e.subject)',
  'n > 3',
);

/** A statement that may change `to` (an address), `s` (text) or `n` (a count). */
const stmt: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(cond, trustedAddr).map(([c, a]) => `if (${c}) { to = ${a}; }`),
  fc.tuple(cond, trustedAddr, trustedAddr).map(([c, a, b]) => `to = ${c} ? ${a} : ${b};`),
  fc.tuple(cond, trustedAddr).map(([c, a]) => `to = (${c} && ${a}) || to;`),
  fc.tuple(cond).map(([c]) => `for (const x of list) { if (${c}) { n = n + 1; break; } s = s + 'x'; }`),
  fc.tuple(cond, trustedAddr).map(([c, a]) => `try { if (${c}) { throw 'stop'; } } catch (err) { to = ${a}; }`),
  fc.tuple(cond).map(([c]) => `try { if (${c}) { throw 'stop'; } s = 'ok'; } finally { n = n + 1; }`),
  fc.tuple(cond, trustedAddr).map(([c, a]) => `to = pick(${c}, ${a}, to);`),
  fc.tuple(cond).map(([c]) => `n = list.filter((x) => ${c.replace(/\be\./g, 'x.')}).length;`),
  fc.tuple(cond).map(([c]) => `list.forEach((x) => { if (${c.replace(/\be\./g, 'x.')}) { n = n + 1; } });`),
  fc.tuple(cond, trustedAddr).map(([c, a]) => `const { v = ${a} } = ${c} ? {} : { v: to }; to = v;`),
  fc.tuple(untrustedText).map(([u]) => `s = ${u};`),
  fc.tuple(cond).map(([c]) => `if (${c}) { m.set('k', 1); } n = m.size + n;`),
  fc.tuple(cond, trustedAddr).map(([c, a]) => `to = early(${c}) ? ${a} : to;`),
  fc.constant(`n = Number(e.body.length > 40);`),
);

const egress = fc.constantFrom(
  `await sendEmail({ to: [to], subject: 'Status', body: 'Fixed text.' });`,
  `await sendEmail({ to: ['omar@northwind.test'], subject: String(n), body: 'Count.' });`,
  `await sendEmail({ to: [to], subject: s, body: 'Text.' });`,
  `if (n > 1) { await sendEmail({ to: ['priya@northwind.test'], subject: 'Many', body: 'n > 1' }); }`,
  `await createDraft({ to: [to], subject: 'Draft', body: s });`,
  `await archiveEmail(e.id);`,
);

export const planArb: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('m1', 'm2', 'm3'),
    fc.array(stmt, { minLength: 1, maxLength: 6 }),
    fc.array(egress, { minLength: 1, maxLength: 3 }),
  )
  .map(
    ([id, body, out]) => `const e = await getEmail('${id}');
const list = await listEmails({ folder: 'INBOX' });
const c = (await searchContacts('Omar'))[0];
const m = new Map();
function pick(b, a, d) { if (b) { return a; } return d; }
function early(b) { if (b) { return true; } return false; }
let to = 'priya@northwind.test';
let s = 'plain';
let n = 0;
${body.join('\n')}
${out.join('\n')}
return n;`,
  );
