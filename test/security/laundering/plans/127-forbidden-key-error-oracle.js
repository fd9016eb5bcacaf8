// attack: a property name built from the body is 'constructor' or not; the refused access throws, catch sets a literal
// normal: blocked
const m = await getEmail('m1');
const k = 'constructo' + m.body.charAt(0).replace('z', 'r');
let s = 'allowed';
try {
  const o = {};
  const y = o[k];
} catch (e) {
  s = 'refused';
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'flag', body: s });
