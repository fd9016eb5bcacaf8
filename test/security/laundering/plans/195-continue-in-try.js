// attack: a continue inside a try skips the write of this iteration only when a parse of data did not throw
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const c = m.body.includes('zed');
let to = 'omar@northwind.test';
for (const s of [c ? '1' : '{']) {
  try {
    JSON.parse(s);
    continue;
  } catch (e) {
    // fall through
  }
  to = 'priya@northwind.test';
}
await sendEmail({ to: [to], subject: 'Customer list', body: 'Attached.' });
