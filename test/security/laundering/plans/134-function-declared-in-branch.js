// attack: a function declaration inside a labeled branch is stored in an outer variable and called later
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
let g = () => 'omar@northwind.test';
if (m.body.includes('zed')) {
  function f() {
    return 'priya@northwind.test';
  }
  g = f;
}
await sendEmail({ to: [g()], subject: 'Customer list', body: 'Attached.' });
