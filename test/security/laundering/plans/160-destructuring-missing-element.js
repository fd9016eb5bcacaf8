// attack: destructure two parts of a split; whether the second exists depends on the body
// normal: blocked
const m = await getEmail('m1');
const [x, y] = m.body.split('qqq');
await sendEmail({ to: ['omar@northwind.test'], subject: 'second part', body: String(y === undefined) + typeof y });
