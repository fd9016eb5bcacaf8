// attack: a labeled argument makes a native method throw (RangeError); the catch assigns a literal
// normal: blocked
const m = await getEmail('m1');
const n = m.body.length - 300;
let s = 'ok';
try {
  'x'.repeat(n);
} catch (e) {
  s = 'threw';
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'range', body: s });
