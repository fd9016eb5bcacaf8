// attack: inside a try, an array variable is pushed (the inlined push) only if parsing the email's text did not throw first; its length is sent
// normal: blocked
const m = await getEmail('m1');
const xs = [];
try {
  JSON.parse(m.body);
  xs.push(1);
} catch (e) {
  xs.length;
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(xs.length) });
