// attack: a value that is a function or a number depending on the email is called in a try (calling a number throws); a constant send follows
// normal: leaks (which value the variable holds is an implicit flow)
const m = await getEmail('m1');
const f = () => 1;
const v = m.body.includes('NOPE-NOT-THERE') ? 1 : f;
try {
  v();
  await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: 'called' });
} catch (e) {}
