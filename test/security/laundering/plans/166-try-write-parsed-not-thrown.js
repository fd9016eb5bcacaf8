// attack: writing a property on a parsed value throws only when the body made it a number; the NOT-thrown path assigns a literal
// normal: blocked
const m = await getEmail('m1');
const t = JSON.parse(String(m.body.includes('zed')).replace('true', '{}').replace('false', '1'));
let s = 'threw';
try {
  t.x = 1;
  s = 'ok';
} catch (e) {}
await sendEmail({ to: ['omar@northwind.test'], subject: 'write', body: s });
