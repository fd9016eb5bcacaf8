// attack: push in a NOT-taken branch; the array's length stays 0
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const a = ['x'];
if (!m.body.includes('zed')) {
  a.push(1);
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'len', body: 'n=' + a.length + a.join('') });
