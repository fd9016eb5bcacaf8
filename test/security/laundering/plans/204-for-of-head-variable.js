// attack: for (to of list) assigns the recipient from the head only when the list (chosen by the body) is not
// empty; the effect analysis must count the head as a write
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
let to = 'omar@northwind.test';
const list = m.body.includes('zed') ? [] : ['priya@northwind.test'];
for (to of list) {
  // nothing
}
await sendEmail({ to: [to], subject: 'Customer list', body: 'Attached.' });
