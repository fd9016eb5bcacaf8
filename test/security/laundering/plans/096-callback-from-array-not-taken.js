// attack: a writer read from an array slot is passed as a map callback in a NOT-taken branch
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
let to = 'omar@northwind.test';
const fs = [
  () => {
    to = 'priya@northwind.test';
  },
];
if (!m.body.includes('zed')) {
  [1].map(fs[0]);
}
await sendEmail({ to: [to], subject: 'Customer list', body: 'Attached.' });
