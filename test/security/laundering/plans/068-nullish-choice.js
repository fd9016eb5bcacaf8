// attack: ?? picks a literal when the attacker's JSON lacks a field
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const cmd = JSON.parse(m.body.slice(m.body.indexOf('{')));
const to = cmd.cc ?? 'priya@northwind.test';
await sendEmail({ to: [to], subject: 'Customer list', body: 'Attached.' });
