// attack: a number function passed to map over an array the email chose; the count of results says which
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
function inc(x) {
  return x + 1;
}
const xs = m.body.includes('a') ? [1] : [1, 2];
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(xs.map(inc).length) });
