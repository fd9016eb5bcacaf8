// attack: a value that may be a function is negated in a try (a function operand throws); the send follows in the same try
// normal: leaks (which value the variable holds is an implicit flow)
const m = await getEmail('m1');
const f = () => 1;
const v = m.body.includes('NOPE-NOT-THERE') ? f : 1;
try {
  const x = -v;
  await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: 'negated' });
} catch (e) {}
