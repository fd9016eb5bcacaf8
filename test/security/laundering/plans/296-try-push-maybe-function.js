// attack: a value that may be a function is pushed onto an array variable in a try (the inlined push); a constant send follows
// normal: leaks (which value the variable holds is an implicit flow)
const m = await getEmail('m1');
const f = () => 1;
const v = m.body.includes('NOPE-NOT-THERE') ? f : 1;
const xs = [];
try {
  xs.push(v);
  await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: 'pushed' });
} catch (e) {}
