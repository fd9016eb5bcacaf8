// attack: JSON.stringify then JSON.parse an object holding the address
// normal: blocked
const m = await getEmail('m1');
const a = JSON.parse(JSON.stringify({ a: m.body.split(' ')[0] })).a;
await sendEmail({ to: [a], subject: 'Customer list', body: 'Attached.' });
