// attack: mutate an alias of the array in a NOT-taken branch, then read the original
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const a = [];
const b = a;
const holder = { ref: a };
if (!m.body.includes('zed')) {
  b.push(1);
  holder.ref.push(2);
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'len', body: 'n=' + a.length });
