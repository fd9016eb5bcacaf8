// attack: sticky regexes move their lastIndex in a branch not taken, passed to string methods as computed values (a choice, a sequence, an or), never by the names used afterwards
// normal: leaks (an implicit flow: whether the branch ran)
const m = await getEmail('m1');
const o = { re: /a/y };
const g = o.re;
const h = /a/y;
const k = /a/y;
const pick = 1;
if (m.body.includes('NOPE-NOT-THERE')) {
  'a'.match(pick === 1 ? g : h);
  'a'.replace((0, h), 'b');
  'a'.search(k || h);
  'a'.split(k || h);
  'a'.match(k || h);
}
const out = String(g.test('a')) + String(h.test('a')) + String(k.test('a'));
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: out });
