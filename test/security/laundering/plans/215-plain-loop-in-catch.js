// attack: a throw decided by the email lands in a catch whose number-only loop counts; the count goes out
// normal: blocked
const m = await getEmail('m1');
let k = 0;
try {
  if (m.body.includes('a')) throw 1;
} catch (e) {
  for (let i = 0; i < 2; i++) k++;
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'k', body: String(k) });
