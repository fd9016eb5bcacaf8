// attack: in a number loop an if on the email's text pushes onto an array variable; the inlined push and index read after it must carry the branch
// normal: leaks (implicit flow, allowed in NORMAL mode: the push ran in a branch)
const m = await getEmail('m1');
const xs = [];
for (let i = 0; i < 3; i++) {
  if (m.body.includes('a')) xs.push(i);
  xs.push(7);
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(xs.length) + ':' + String(xs[0]) });
