// attack: if/else assigning literals on both branches
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
let bit;
if (m.body.startsWith('zed')) {
  bit = '1';
} else {
  bit = '0';
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'bit', body: bit });
