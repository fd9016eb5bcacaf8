// attack: callbacks of Map.forEach, reduce (its start value) and sort store what they are given (outer arrays) in outer names, over collections whose size the email decides
// normal: leaks (an implicit flow: whether the callbacks ran)
const m = await getEmail('m1');
const xs = [];
const ys = [];
const zs = [];
let a = [];
let b = [];
let c = [];
const n = m.body.includes('NOPE-NOT-THERE') ? 2 : 0;
new Map([[1, xs]].slice(0, n)).forEach((v) => {
  a = v;
});
[1].slice(0, n).reduce((acc) => {
  b = acc;
  return acc;
}, ys);
[zs, zs].slice(0, n).sort((p, q) => {
  c = p;
  return 0;
});
a.push(1);
b.push(1);
c.push(1);
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(xs.length + ys.length + zs.length) });
