// attack: the callback itself is chosen by the body (a writer or a no-op), passed to forEach over a clean array
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
let to = 'omar@northwind.test';
const w = () => {
  to = 'priya@northwind.test';
};
const nop = () => 0;
[1].forEach(m.body.includes('zed') ? nop : w);
await sendEmail({ to: [to], subject: 'Customer list', body: 'Attached.' });
