// attack: a value that may be a function is written to a property in a try; a constant send follows
// normal: leaks (which value the variable holds is an implicit flow)
const m = await getEmail('m1');
const f = () => 1;
const v = m.body.includes('NOPE-NOT-THERE') ? f : 1;
const o = {};
try {
  o.k = v;
  await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: 'written' });
} catch (e) {}
