// attack: a number-only loop runs only when the email says so; what it counted goes out
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
let k = 0;
if (m.body.includes('a')) {
  for (let i = 0; i < 3; i++) k = k + 1;
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'k', body: String(k) });
