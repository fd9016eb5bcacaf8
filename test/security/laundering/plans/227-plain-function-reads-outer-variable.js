// attack: a number function that also reads a variable of the plan holding the email's length (so it is not a plain function)
// normal: blocked
const m = await getEmail('m1');
const k = m.body.length;
function add(x) {
  return x + k;
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(add(1)) });
