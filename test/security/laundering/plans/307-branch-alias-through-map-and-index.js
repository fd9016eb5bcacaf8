// attack: a branch not taken would alias an outer array through a Map entry and an array literal read back (`new Map([[1, xs]]).get(1)`, `[xs][0]`)
// normal: leaks (an implicit flow: which array the variables hold)
const m = await getEmail('m1');
const xs = [];
let t = [];
let u = [];
if (m.body.includes('NOPE-NOT-THERE')) {
  t = new Map([[1, xs]]).get(1);
  u = [xs][0];
}
t.push(1);
u.push(1);
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(xs.length) });
