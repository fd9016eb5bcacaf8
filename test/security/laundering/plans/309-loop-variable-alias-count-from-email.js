// attack: a loop over a slice whose length comes from the email stores its loop variable (an outer array) in an outer name; a push through it follows the loop
// normal: leaks (an implicit flow: whether the loop ran)
const m = await getEmail('m1');
const xs = [];
let t = [];
for (const v of [xs].slice(0, m.body.includes('NOPE-NOT-THERE') ? 1 : 0)) t = v;
t.push(1);
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(xs.length) });
