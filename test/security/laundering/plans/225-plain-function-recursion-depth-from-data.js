// attack: mutual recursion on numbers, its depth from the email: the parity of the body's length comes back
// normal: leaks (implicit flow, allowed in NORMAL mode: the parity picks a literal)
const m = await getEmail('m1');
function even(n) {
  return n === 0 ? 1 : odd(n - 1);
}
function odd(n) {
  return n === 0 ? 0 : even(n - 1);
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(even(m.body.length % 7)) });
