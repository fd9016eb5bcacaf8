// attack: pass undefined or a literal depending on the body so the default parameter kicks in
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
function who(to = 'priya@northwind.test') {
  return to;
}
const arg = m.body.includes('zed') ? undefined : 'omar@northwind.test';
await sendEmail({ to: [who(arg)], subject: 'Customer list', body: 'Attached.' });
