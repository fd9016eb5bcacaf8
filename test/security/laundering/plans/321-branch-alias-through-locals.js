// attack: in a branch not taken, an outer array passes through local names (a local given a local, a function that returns one) before reaching an outer name; pushes through it follow
// normal: leaks (an implicit flow: which array the variables hold)
const m = await getEmail('m1');
const xs = [];
const ys = [];
let keep = [];
let get = () => [];
if (m.body.includes('NOPE-NOT-THERE')) {
  const loc = xs;
  const loc2 = loc;
  keep = loc2;
  let loc3;
  loc3 = ys;
  get = () => loc3;
}
keep.push(1);
get().push(1);
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(xs.length + ys.length) });
