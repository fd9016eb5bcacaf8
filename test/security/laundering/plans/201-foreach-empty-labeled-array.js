// attack: forEach over an array that is empty because of the body: the callback (a writer) never runs, and
// forEach's result (undefined) says nothing; the upgrade must use the receiver's structure
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
let to = 'omar@northwind.test';
const w = () => {
  to = 'priya@northwind.test';
};
const hits = m.body.split(' ').filter((x) => x === 'nothing-like-this');
hits.forEach(w);
await sendEmail({ to: [to], subject: 'Customer list', body: 'Attached.' });
