// attack: an optional-chain call runs a writer callback only when the body did NOT choose null; the tail of the
// chain is conditional code whose writes must be upgraded at its end
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
let to = 'omar@northwind.test';
const w = () => {
  to = 'priya@northwind.test';
};
const xs = m.body.includes('zed') ? null : [1];
xs?.forEach(w);
await sendEmail({ to: [to], subject: 'Customer list', body: 'Attached.' });
