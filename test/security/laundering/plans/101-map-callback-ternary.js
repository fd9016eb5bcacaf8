// attack: a map callback chooses a literal with a ternary on the body
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const picks = [1].map(() => (m.body.includes('zed') ? 'priya@northwind.test' : 'omar@northwind.test'));
await sendEmail({ to: [picks[0]], subject: 'Customer list', body: 'Attached.' });
