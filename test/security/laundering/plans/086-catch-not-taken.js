// attack: the throw does NOT happen; the code after the try could have been skipped
// normal: blocked
const m = await getEmail('m1');
let bit = 'thrown';
try {
  if (!m.body.includes('zed')) {
    throw 'x';
  }
  bit = 'not thrown';
} catch (e) {
  bit = 'caught';
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'bit', body: bit });
