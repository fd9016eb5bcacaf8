// attack: a value that may be a function goes into an array literal in a try (a function in data throws); a constant send follows
// normal: leaks (which value the variable holds is an implicit flow)
const m = await getEmail('m1');
const f = () => 1;
const v = m.body.includes('NOPE-NOT-THERE') ? f : 1;
try {
  const xs = [v, 2];
  const o = { k: v };
  await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: 'built' });
} catch (e) {}
