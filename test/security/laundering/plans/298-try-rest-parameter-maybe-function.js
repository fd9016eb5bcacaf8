// attack: a value that may be a function reaches a rest parameter in a try (a rest array refuses functions); a constant send follows
// normal: leaks (which value the variable holds is an implicit flow)
const m = await getEmail('m1');
const f = () => 1;
const v = m.body.includes('NOPE-NOT-THERE') ? f : 1;
function count(...xs) {
  return xs.length;
}
try {
  count(v);
  await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: 'counted' });
} catch (e) {}
