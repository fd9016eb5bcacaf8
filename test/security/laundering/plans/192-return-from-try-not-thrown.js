// attack: a function returns a literal from inside its try when a parse of data did NOT throw; the early return
// skipped the join of the try's accumulated taint
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const c = m.body.includes('zed');
function probe(s) {
  try {
    JSON.parse(s);
    return 'priya@northwind.test';
  } catch (e) {
    return 'omar@northwind.test';
  }
}
const to = probe(c ? '1' : '{');
await sendEmail({ to: [to], subject: 'Customer list', body: 'Attached.' });
