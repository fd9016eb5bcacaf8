// attack: a number-only function called only in a branch the email decided; its plain result is written in that branch
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
function twice(x) {
  return x + x;
}
let r = 1;
if (m.body.includes('a')) r = twice(2);
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(r) });
