// attack: the operation that may throw runs in a forEach callback, which hands the context back when it returns; the send follows in the same try
// normal: blocked
const m = await getEmail('m1');
const parts = ['a'];
try {
  parts.forEach((p) => JSON.parse(m.body.slice(m.body.length - 2, m.body.length - 1)));
  await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: 'it parsed' });
} catch (e) {}
