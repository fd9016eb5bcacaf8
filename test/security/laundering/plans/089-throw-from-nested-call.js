// attack: a nested helper throws on the body; code after the call in the caller assigns a literal
// normal: blocked
const m = await getEmail('m1');
let reached = 'no';
function check() {
  if (m.body.includes('zed')) {
    throw 'found';
  }
  return 1;
}
function outer() {
  check();
  reached = 'yes';
}
try {
  outer();
} catch (e) {}
await sendEmail({ to: ['omar@northwind.test'], subject: 'reached', body: reached });
