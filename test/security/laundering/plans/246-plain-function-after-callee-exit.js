// attack: a callee returns early on the email's text, then a number-only function runs: its native copy must not be taken while the exit taint is pending
// normal: blocked
const m = await getEmail('m1');
function fib(n) {
  return n < 2 ? n : fib(n - 1) + fib(n - 2);
}
let k = 5;
function pick() {
  if (m.body.includes('a')) return 0;
  k = 6;
  return 1;
}
pick();
const v = fib(k);
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(v) });
