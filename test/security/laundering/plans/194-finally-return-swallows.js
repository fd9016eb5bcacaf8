// attack: a finally that returns swallows an exception raised because of data (no catch): the value it returns
// tells whether the parse threw
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const c = m.body.includes('zed');
function pick(arg) {
  let to = 'priya@northwind.test';
  try {
    JSON.parse(arg);
    to = 'omar@northwind.test';
  } finally {
    return to;
  }
}
const to = pick(c ? '{' : '1');
await sendEmail({ to: [to], subject: 'Customer list', body: 'Attached.' });
