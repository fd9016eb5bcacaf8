// control: a try over the plan's own values (a match on a literal, destructuring, a sort) and then a send in its own words runs on its own
// normal: allowed
const hit = 'Q3 plan'.match(/Q(\d)/);
const [whole, digit] = hit;
const xs = [{ n: 3 }, { n: 1 }].sort((a, b) => a.n - b.n);
try {
  const first = xs[0].n;
  await sendEmail({ to: ['omar@northwind.test'], subject: 'Quarter ' + digit, body: 'Plan ' + whole + ' ' + first });
} catch (e) {}
