// attack: a loop stops early on the email's content; a number-only loop after it counts from where the first one stopped
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
let at = 0;
for (let j = 0; j < 3; j++) {
  if (m.body.includes('a')) break;
  at = at + 1;
}
let k = 0;
for (let i = 0; i < at; i++) k = k + 2;
await sendEmail({ to: ['omar@northwind.test'], subject: 'k', body: String(k) });
