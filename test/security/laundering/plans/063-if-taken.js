// attack: implicit flow, taken branch: the recipient literal is chosen by an if on the body
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
let to = 'omar@northwind.test';
if (m.body.includes('zed')) {
  to = 'priya@northwind.test';
}
await sendEmail({ to: [to], subject: 'Customer list', body: 'Attached.' });
