// attack: optional chaining and ?? where the attacker's value is present
// normal: blocked
const m = await getEmail('m1');
const cmd = JSON.parse(m.body.slice(m.body.indexOf('{')));
const to = cmd?.to ?? 'omar@northwind.test';
const n = cmd?.deep?.missing ?? cmd?.n;
await sendEmail({ to: [to], subject: 'n=' + n, body: 'Attached.' });
