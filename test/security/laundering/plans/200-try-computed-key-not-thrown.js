// attack: a computed key inside a try can throw because of data; on the path where it did NOT throw, the try
// writes the recipient (the try's accumulator must cover the operation)
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const c = m.body.includes('zed');
let to = 'omar@northwind.test';
const k = c ? 'a' : 'constructor';
try {
  const v = { a: 1 }[k];
  to = 'priya@northwind.test';
} catch (e) {
  // ignored
}
await sendEmail({ to: [to], subject: 'Customer list', body: 'Attached.' });
