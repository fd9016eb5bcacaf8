// attack: a number-only function (run natively when its arguments are plain numbers) is called with a number computed from the email
// normal: blocked
const m = await getEmail('m1');
function sq(x) {
  return x * x;
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(sq(m.body.length)) });
