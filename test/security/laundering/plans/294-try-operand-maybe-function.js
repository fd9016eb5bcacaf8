// attack: a value that is a function or a number depending on the email is an operand of + in a try (a function operand throws); a constant send follows
// normal: leaks (which value the variable holds is an implicit flow; NORMAL labels no choice)
const m = await getEmail('m1');
const f = () => 1;
const v = m.body.includes('NOPE-NOT-THERE') ? f : 1;
try {
  const x = v + 1;
  await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: 'added' });
} catch (e) {}
