// attack: a number loop (native copy, native templates) runs in a catch entered because of the email; the text it builds is sent
// normal: blocked
const m = await getEmail('m1');
let out = 'none';
try {
  JSON.parse(m.body);
} catch (e) {
  const parts = [];
  for (let i = 0; i < 2; i++) parts.push(`p${i}`);
  out = parts.join('');
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: out });
