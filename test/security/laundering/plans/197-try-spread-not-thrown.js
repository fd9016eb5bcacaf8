// attack: a spread inside a try can throw because of data; on the path where it did NOT throw, the try
// writes the recipient (the try's accumulator must cover the operation)
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const c = m.body.includes('zed');
let to = 'omar@northwind.test';
const xs = c ? [] : 1;
try {
  const ys = [...xs];
  to = 'priya@northwind.test';
} catch (e) {
  // ignored
}
await sendEmail({ to: [to], subject: 'Customer list', body: 'Attached.' });
