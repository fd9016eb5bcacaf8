// attack: a key is added to an object only in a labeled branch; 'in' and hasOwnProperty read it later
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const o = {};
if (m.body.includes('zed')) {
  o.k = 1;
}
await sendEmail({
  to: ['omar@northwind.test'],
  subject: 'has',
  body: String('k' in o) + String(o.hasOwnProperty('k')),
});
