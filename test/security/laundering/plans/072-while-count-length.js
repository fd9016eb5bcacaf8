// attack: a while loop counts up to the body's length, copying the number without data flow
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const len = m.body.length;
let n = 0;
while (n < len) {
  n++;
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'len', body: 'n=' + n });
