// attack: count the words of the body by iterating (the structure of the array is the secret)
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
let n = 0;
for (const w of m.body.split(' ')) {
  n = n + 1;
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'words', body: 'n=' + n });
