// attack: the email chooses which of two field comparators sorts constant items (a labeled comparator has no native copy)
// normal: leaks (implicit flow, allowed in NORMAL mode: ?: chose the comparator)
const m = await getEmail('m1');
const up = (a, b) => a.n - b.n;
const down = (a, b) => b.n - a.n;
const cmp = m.body.includes('a') ? up : down;
const xs = [{ n: 1 }, { n: 2 }].sort(cmp);
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: `${xs[0].n}` });
