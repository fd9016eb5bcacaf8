// attack: a plain loop whose labeled if (an email flag) writes a number variable; the loop then concatenates that number natively ('g' + c) and the text is sent
// normal: leaks (implicit flow, allowed in NORMAL mode: the write ran in a branch)
const m = await getEmail('m1');
const flags = [m.body.length > 3, false];
let c = 0;
let t = '';
for (let i = 0; i < 2; i++) {
  if (flags[i]) {
    c = 1;
  }
  t = 'g' + c;
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: t });
