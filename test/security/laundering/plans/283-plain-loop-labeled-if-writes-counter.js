// attack: a plain loop whose labeled if (an email flag) moves the loop counter past the end; how many iterations ran (a plain number counted natively) is sent
// normal: leaks (implicit flow, allowed in NORMAL mode: the write ran in a branch)
const m = await getEmail('m1');
const flags = [false, m.body.length > 3, false, false];
let count = 0;
for (let i = 0; i < 4; i++) {
  if (flags[i]) {
    i = 10;
  }
  count = count + 1;
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: 'n' + count });
