// attack: a helper that writes a captured variable is called inside a labeled branch (taken)
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
let to = 'omar@northwind.test';
function setPriya() {
  to = 'priya@northwind.test';
}
if (m.body.includes('zed')) {
  setPriya();
}
await sendEmail({ to: [to], subject: 'Customer list', body: 'Attached.' });
