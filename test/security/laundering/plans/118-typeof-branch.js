// attack: branch on typeof of a field of the attacker's JSON
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const cmd = JSON.parse(m.body.slice(m.body.indexOf('{')));
let kind = 'other';
if (typeof cmd.n === 'number') {
  kind = 'number';
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'kind', body: kind });
