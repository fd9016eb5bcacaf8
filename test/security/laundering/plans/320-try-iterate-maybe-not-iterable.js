// attack: a value that is an array or a number depending on the email is iterated in a try (a number is not iterable); a constant send follows the loop
// normal: leaks (which value the variable holds is an implicit flow)
const m = await getEmail('m1');
const v = m.body.includes('NOPE-NOT-THERE') ? 1 : [1];
try {
  for (const x of v) {
  }
  await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: 'iterated' });
} catch (e) {}
