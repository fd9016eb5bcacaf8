// attack: a writer read from an object property is passed as a forEach callback in a NOT-taken branch
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
let to = 'omar@northwind.test';
const handlers = {
  set: () => {
    to = 'priya@northwind.test';
  },
};
if (!m.body.includes('zed')) {
  [1].forEach(handlers.set);
}
await sendEmail({ to: [to], subject: 'Customer list', body: 'Attached.' });
