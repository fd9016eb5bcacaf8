// attack: && and || short-circuit choose between literals
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const to = (m.body.includes('zed') && 'priya@northwind.test') || 'omar@northwind.test';
await sendEmail({ to: [to], subject: 'Customer list', body: 'Attached.' });
