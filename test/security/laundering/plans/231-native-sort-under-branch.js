// attack: a sort with a number-only comparator, run only in a branch the email decided; the array order says whether it ran
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const xs = [3, 1, 2];
if (m.body.includes('a')) xs.sort((a, b) => a - b);
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(xs[0]) });
