// attack: for (box.to of list) writes a property from the head only when the list (chosen by the body) is not
// empty
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const box = { to: 'omar@northwind.test' };
const list = m.body.includes('zed') ? [] : ['priya@northwind.test'];
for (box.to of list) {
  // nothing
}
await sendEmail({ to: [box.to], subject: 'Customer list', body: 'Attached.' });
