// attack: continue skips the literal append for letters the body contains
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
let absent = '';
for (const c of 'xyz') {
  if (m.body.includes(c)) {
    continue;
  }
  absent += c;
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'absent letters', body: absent + '.' });
