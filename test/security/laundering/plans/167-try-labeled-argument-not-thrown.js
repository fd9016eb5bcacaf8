// attack: a literal receiver with a labeled ARGUMENT ('x'.repeat(n), (1).toFixed(n)) could throw; the NOT-thrown path assigns a literal
// normal: blocked
const m = await getEmail('m1');
const n = m.body.length - 200;
let s = 'threw';
try {
  'x'.repeat(n);
  (1).toFixed(n);
  s = 'ok';
} catch (e) {}
await sendEmail({ to: ['omar@northwind.test'], subject: 'range', body: s });
