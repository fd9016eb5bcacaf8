// attack: a writer handed to a plan function, which passes it on as a forEach callback, in a NOT-taken branch
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
let to = 'omar@northwind.test';
const set = () => {
  to = 'priya@northwind.test';
};
function each(g) {
  [1].forEach(g);
}
if (!m.body.includes('zed')) {
  each(set);
}
await sendEmail({ to: [to], subject: 'Customer list', body: 'Attached.' });
