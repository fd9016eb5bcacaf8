// attack: a helper mutates its parameter; it is called on the array in a NOT-taken branch
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const a = [];
function add(arr) {
  arr.push(1);
}
if (!m.body.includes('zed')) {
  add(a);
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'len', body: 'n=' + a.length });
