// attack: a plain number function called with a spread of numbers whose count the email decides: the guard sends two numbers to the native copy, one number (undefined second) to the instrumented body
// normal: blocked
const m = await getEmail('m1');
const n = Math.min(2, Math.floor(m.body.length / 1000) + 1);
const nums = [1, 2].slice(0, n);
function add(a, b) {
  return a + b;
}
const r = add(...nums);
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: r === r ? 'two' : 'one' });
