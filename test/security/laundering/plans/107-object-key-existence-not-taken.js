// attack: the key is added in a NOT-taken branch; Object.keys(o).length stays 0
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const o = { a: 1 };
if (!m.body.includes('zed')) {
  o.k = 1;
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'keys', body: 'n=' + Object.keys(o).length });
