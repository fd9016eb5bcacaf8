// attack: a for-of loop over a clean array that a labeled branch extends while iterating; the iteration count tells
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const a = [1];
let n = 0;
for (const x of a) {
  if (m.body.includes('zed') && a.length < 3) {
    a.push(2);
  }
  n = n + 1;
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'iterations', body: 'n=' + n });
