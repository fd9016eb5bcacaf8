// attack: branch on a regex test over the body
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
let bit = '0';
if (/attacker\.test/.test(m.body)) {
  bit = '1';
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'bit', body: bit });
