// attack: a callback whose destructuring default is taken only for items the data chose, counted outside
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const items = [{ k: 1 }, m.body.includes('zed') ? {} : { k: 2 }];
const ks = items.map(({ k = 9 }) => k);
let n = 0;
for (const k of [1, 9]) {
  n = n + 1;
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'defaults', body: 'k=' + ks[1] });
