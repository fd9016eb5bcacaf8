// attack: a branch not taken would alias an outer array through `xs || []`; a push through the alias after the merge changes the array only on the path that made it
// normal: leaks (an implicit flow: which array the variable holds)
const m = await getEmail('m1');
const xs = [];
let t = [];
if (m.body.includes('NOPE-NOT-THERE')) t = xs || [];
t.push(1);
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(xs.length) });
