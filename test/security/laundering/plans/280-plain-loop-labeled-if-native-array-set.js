// attack: a plain loop (sieve shape) whose labeled if (an email flag) writes a number into an array-literal variable by the native write; the element at a constant index is sent
// normal: leaks (implicit flow, allowed in NORMAL mode: the write ran in a branch)
const m = await getEmail('m1');
const flags = [false, m.body.length > 3, false];
const marks = [0, 0, 0];
for (let i = 0; i < 3; i++) {
  if (flags[i]) {
    marks[i] = 1;
  }
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(marks[1]) });
