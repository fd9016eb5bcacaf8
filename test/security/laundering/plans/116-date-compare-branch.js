// attack: branch on a comparison of the attacker's date with a literal date
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const at = m.body.indexOf('Due ') + 4;
const due = new Date(m.body.slice(at, at + 20));
let when = 'later';
if (due.getTime() < Date.parse('2026-04-10T00:00:00Z')) {
  when = 'soon';
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'due', body: when });
