// attack: optional chaining yields undefined for a missing path; branch on it
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const cmd = JSON.parse(m.body.slice(m.body.indexOf('{')));
let bit = 'present';
if (cmd?.deep?.path === undefined) {
  bit = 'absent';
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'bit', body: bit });
