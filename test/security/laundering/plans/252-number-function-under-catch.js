// attack: a number-only function (native copy) called in a catch whose error came from the email: the context of the catch must stop the copy
// normal: blocked
const m = await getEmail('m1');
function twice(x) {
  return x * 2;
}
let v = 1;
try {
  JSON.parse(m.body);
} catch (e) {
  v = twice(21);
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(v) });
