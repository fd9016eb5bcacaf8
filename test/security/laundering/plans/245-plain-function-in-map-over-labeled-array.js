// attack: a number-only function (native copy) used as a map callback over numbers that come from the email: every call must take the instrumented body
// normal: blocked
const m = await getEmail('m1');
function dbl(x) {
  return x * 2;
}
const sq = (x) => x * x;
const lens = [m.body.length, m.subject.length];
const a = lens.map(dbl);
const b = lens.map(sq);
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(a[0]) + String(b[1]) });
