// attack: a switch on untrusted data whose cases only break, with a counter assigned in one case
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
let hit = 0;
switch (m.body.charAt(0)) {
  case 'z':
    hit = 1;
    break;
  case 'q':
    break;
  default:
    break;
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'switch', body: 'hit=' + hit });
