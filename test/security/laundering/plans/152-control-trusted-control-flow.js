// control: branches, loops, switch, try/catch, callbacks and functions over trusted data only
// normal: allowed
const t = await now();
const me_ = await me();
const contacts = await searchContacts('');
let to = 'omar@northwind.test';
if (t.startsWith('2026')) {
  to = 'priya@northwind.test';
}
let n = 0;
for (const c of contacts) {
  if (c.email.endsWith('northwind.test')) {
    n++;
  }
}
switch (me_.email.charAt(0)) {
  case 's':
    n += 10;
    break;
  default:
    n = -1;
}
let note = 'ok';
try {
  JSON.parse('{bad');
} catch (e) {
  note = 'caught';
}
const names = contacts
  .map((c) => c.name)
  .filter((x) => x.length > 3)
  .sort();
function label(k) {
  if (k > 5) {
    return 'many';
  }
  return 'few';
}
await sendEmail({ to: [to], subject: 'Team: ' + label(n), body: names.join(', ') + ' ' + note + ' ' + n });
return n;
