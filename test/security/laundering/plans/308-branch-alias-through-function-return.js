// attack: a plan function returns `box || null` of an outer array, and one stores its parameter in an outer variable; both are called only in a branch not taken
// normal: leaks (an implicit flow: which array the variables hold)
const m = await getEmail('m1');
const xs = [];
const ys = [];
let t = [];
let keep = [];
function pick() {
  return xs || null;
}
function hold(b) {
  keep = b;
}
if (m.body.includes('NOPE-NOT-THERE')) {
  t = pick();
  hold(ys);
}
t.push(1);
keep.push(1);
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(xs.length + ys.length) });
