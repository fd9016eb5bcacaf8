// attack: whether an item has the field the comparator reads is decided by the email (a data-flow key); missing reads are undefined natively, and the first item is sent
// normal: blocked
const m = await getEmail('m1');
const k = ['y', 'x'][Math.min(1, Math.floor(m.body.length / 4))];
const a = { id: 'a' };
a[k] = 1;
const xs = [a, { id: 'b', x: 0 }];
xs.sort((p, q) => (p.x ?? 5) - (q.x ?? 5));
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: xs[0].id });
