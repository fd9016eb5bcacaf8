// attack: a branch on the email reverses an array in place (elements stay unlabeled); toSorted with a number-only comparator (native copy) and a native template read it back
// normal: leaks (implicit flow, allowed in NORMAL mode: the reverse ran in a branch)
const m = await getEmail('m1');
const xs = [1, 2, 3];
if (m.body.includes('a')) xs.reverse();
const first = xs[0];
const ys = xs.toSorted((a, b) => (a === first ? -1 : b === first ? 1 : 0));
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: `${ys[0]}` });
