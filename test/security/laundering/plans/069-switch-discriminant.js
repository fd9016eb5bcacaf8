// attack: switch on the body's first character, each case assigns a literal
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
let to = 'lena@partner.test';
switch (m.body.charAt(0)) {
  case 'z':
    to = 'priya@northwind.test';
    break;
  case 'a':
    to = 'omar@northwind.test';
    break;
  default:
    break;
}
await sendEmail({ to: [to], subject: 'Customer list', body: 'Attached.' });
