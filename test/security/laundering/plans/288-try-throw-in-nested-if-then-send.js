// attack: the operation that may throw sits in a nested if whose merge puts the older context back; the send after the if, still in the try, runs only because it did not throw
// normal: blocked
const m = await getEmail('m1');
const mode = 'check';
try {
  if (mode === 'check') {
    JSON.parse(m.body.slice(m.body.length - 2, m.body.length - 1));
  }
  await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: 'it parsed' });
} catch (e) {}
