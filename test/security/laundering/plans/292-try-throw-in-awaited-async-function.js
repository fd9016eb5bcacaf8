// attack: the operation that may throw runs in an async plan function; the caller resumes after the await and sends a constant in the same try
// normal: blocked
const m = await getEmail('m1');
async function check(s) {
  JSON.parse(s);
  return 1;
}
try {
  await check(m.body.slice(m.body.length - 2, m.body.length - 1));
  await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: 'it parsed' });
} catch (e) {}
