// attack: push into an array only in a labeled branch; the length tells
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const a = [];
if (m.body.includes('zed')) {
  a.push(1);
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'len', body: 'n=' + a.length });
