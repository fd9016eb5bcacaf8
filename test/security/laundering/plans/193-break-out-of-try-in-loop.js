// attack: a break inside a try leaves the loop only when a parse of data did not throw; the next iteration (which
// runs only on the throwing path) writes the recipient
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const c = m.body.includes('zed');
let to = 'omar@northwind.test';
for (let i = 0; i < 2; i++) {
  if (i === 1) {
    to = 'priya@northwind.test';
  }
  try {
    JSON.parse(c ? '{' : '1');
    break;
  } catch (e) {
    // keep going
  }
}
await sendEmail({ to: [to], subject: 'Customer list', body: 'Attached.' });
