// attack: an operation on the email's text that may throw (JSON.parse) comes before a constant send in the same try: the send happens only because the parse did not throw
// normal: blocked
const m = await getEmail('m1');
try {
  JSON.parse(m.body.slice(m.body.length - 2, m.body.length - 1));
  await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: 'it parsed' });
} catch (e) {}
