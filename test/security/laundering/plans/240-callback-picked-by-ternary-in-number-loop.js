// attack: a callback chosen by ?: runs inside a number loop; it returns early on the email's text, and the loop's native copy turned the labeled counter it wrote into a plain string
// normal: blocked
const m = await getEmail('m1');
const secret = m.body.includes('a');
let n = 0;
function f(x) {
  if (secret) return 0;
  n = 1;
  return 0;
}
const xs = [1];
for (let i = 0; i < 1; i++) {
  xs.forEach(i < 9 ? f : f);
  n = n + 1;
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(n) });
