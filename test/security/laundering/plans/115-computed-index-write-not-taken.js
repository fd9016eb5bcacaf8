// attack: write through a computed index variable in a NOT-taken branch
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const slots = { a: 'omar@northwind.test', b: 'omar@northwind.test' };
const k = 'b';
if (!m.body.includes('zed')) {
  slots[k] = 'priya@northwind.test';
}
await sendEmail({ to: [slots.b], subject: 'Customer list', body: 'Attached.' });
