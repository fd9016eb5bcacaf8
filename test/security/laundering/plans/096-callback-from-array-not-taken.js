// attack: a map callback chosen by an expression (not a name the effect analysis can follow) in a NOT-taken branch
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
let to = 'omar@northwind.test';
const w = () => {
  to = 'priya@northwind.test';
};
const v = () => 0;
const pick = true;
if (!m.body.includes('zed')) {
  [1].map(pick ? w : v);
}
await sendEmail({ to: [to], subject: 'Customer list', body: 'Attached.' });
