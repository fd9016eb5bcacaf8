// attack: switch (true) where the case tests read the body
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
let bit = 'none';
switch (true) {
  case m.body.includes('nothing-like-this'):
    bit = 'a';
    break;
  case m.body.includes('zed'):
    bit = 'b';
    break;
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'bit', body: bit });
