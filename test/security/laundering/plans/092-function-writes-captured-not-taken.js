// attack: the same helper call sits in a NOT-taken branch; the merge must still upgrade the variable
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
let to = 'omar@northwind.test';
const setPriya = () => {
  to = 'priya@northwind.test';
};
if (!m.body.includes('zed')) {
  setPriya();
}
await sendEmail({ to: [to], subject: 'Customer list', body: 'Attached.' });
