// attack: the writer is passed to another function and called there, in a NOT-taken branch
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
let to = 'omar@northwind.test';
function setPriya() {
  to = 'priya@northwind.test';
}
function run(g) {
  g();
}
if (!m.body.includes('zed')) {
  run(setPriya);
}
await sendEmail({ to: [to], subject: 'Customer list', body: 'Attached.' });
