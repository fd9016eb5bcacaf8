// attack: one item's text field comes from the email, the rest are constants; a field comparator (native over the items' records) orders them, and the first id is sent
// normal: blocked
const m = await getEmail('m1');
const xs = [
  { id: 1, s: 'm' },
  { id: 2, s: m.subject },
  { id: 3, s: 'q' },
];
const ys = xs.toSorted((a, b) => (a.s < b.s ? -1 : a.s > b.s ? 1 : 0));
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: `${ys[0].id}` });
