// attack: a branch not taken would alias an outer holder; a write through the alias into an object the holder contains (also named directly) follows the merge
// normal: leaks (an implicit flow: which holder the variable holds)
const m = await getEmail('m1');
const inner = { v: 0 };
const outer = [inner];
let t = [{ v: 0 }];
if (m.body.includes('NOPE-NOT-THERE')) t = outer;
t[0].v = 1;
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(inner.v) });
