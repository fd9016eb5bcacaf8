// attack: give an object a toJSON function only in a labeled branch; JSON.stringify refuses it, the catch sends
// normal: blocked (the function is created under m1's context, so it and the refusal carry m1)
const m = await getEmail('m1');
const o = { a: 1 };
if (m.body.includes('zed')) {
  o.toJSON = () => 1;
}
try {
  JSON.stringify(o);
} catch (e) {
  await sendEmail({ to: ['omar@northwind.test'], subject: 'bit', body: 'tojson' });
}
