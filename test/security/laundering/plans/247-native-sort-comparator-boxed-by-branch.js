// attack: a plain comparator made inside a branch on the email (a labeled function value) sorts numbers natively only if its label is ignored
// normal: blocked
const m = await getEmail('m1');
let cmp = (a, b) => a - b;
if (m.body.includes('a')) cmp = (a, b) => b - a;
const xs = [1, 3, 2];
xs.sort(cmp);
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(xs[0]) });
