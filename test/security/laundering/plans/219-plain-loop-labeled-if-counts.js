// attack: a number loop tests array elements, one of them decided by the email; a counter outside the if counts the hits
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const flags = [false, false, false];
flags[1] = m.body.includes('a');
let k = 0;
for (let i = 0; i < 3; i++) {
  if (flags[i]) k = k + 1;
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'k', body: String(k) });
