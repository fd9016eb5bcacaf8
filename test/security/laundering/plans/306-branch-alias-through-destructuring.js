// attack: a branch not taken would alias an outer array by destructuring `[t] = [xs]` and by `(0, xs)`; pushes through the aliases follow the merge
// normal: leaks (an implicit flow: which array the variables hold)
const m = await getEmail('m1');
const xs = [];
let t = [];
let u = [];
if (m.body.includes('NOPE-NOT-THERE')) {
  [t] = [xs];
  u = (0, xs);
}
t.push(1);
u.push(1);
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(xs.length) });
