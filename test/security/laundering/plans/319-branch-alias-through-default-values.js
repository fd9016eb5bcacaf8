// attack: default values alias outer arrays — a parameter's default in a function that stores it, a destructured name's default — only in a branch not taken
// normal: leaks (an implicit flow: which array the variables hold)
const m = await getEmail('m1');
const xs = [];
const ys = [];
let keep = [];
let t = [];
function hold(a = xs) {
  keep = a;
}
if (m.body.includes('NOPE-NOT-THERE')) {
  hold();
  const { b = ys } = {};
  t = b;
}
keep.push(1);
t.push(1);
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(xs.length + ys.length) });
