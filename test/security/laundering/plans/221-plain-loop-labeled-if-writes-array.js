// attack: a number loop pushes into an array only where an element decided by the email is true; the array's length goes out
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const flags = [true, false, true];
flags[1] = m.body.length > 3;
const picked = [];
for (let i = 0; i < 3; i++) {
  if (flags[i]) picked.push(i);
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(picked.length) });
