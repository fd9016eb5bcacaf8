// attack: a number-only loop (compiled without bookkeeping when it may be) counts to the length of the email; the count goes out
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const n = m.body.length;
let count = 0;
for (let i = 0; i < n; i++) count++;
await sendEmail({ to: ['omar@northwind.test'], subject: 'count', body: String(count) });
