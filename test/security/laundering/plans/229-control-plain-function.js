// control: number functions (recursive, with a loop) over literals run natively and a literal-built send stays allowed
// normal: allowed
const m = await getEmail('m1');
function fib(n) {
  return n < 2 ? n : fib(n - 1) + fib(n - 2);
}
function sum(n) {
  let s = 0;
  for (let i = 1; i <= n; i++) s += i;
  return s;
}
const seen = m.subject.length > 0;
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(fib(10) + sum(4)) });
return seen;
