// attack: callbacks store the element they are given (an outer array) in an outer name, for elements the email's text filtered; pushes through the alias follow
// normal: leaks (an implicit flow: whether the callback ran)
const m = await getEmail('m1');
const xs = [];
let t = [];
[xs]
  .filter(() => m.body.includes('NOPE-NOT-THERE'))
  .forEach((v) => {
    t = v;
  });
t.push(1);
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(xs.length) });
