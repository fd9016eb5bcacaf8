// attack: inside a try, write through an alias and then rebind the alias, on the path where a parse of data did
// NOT throw; the merge after the try re-read the alias and upgraded the wrong container (in a function, so the caller
// continues under its own context)
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const c = m.body.includes('zed');
const book = { to: 'omar@northwind.test' };
const other = { to: 'lena@partner.test' };
function fill(target) {
  let o = target;
  try {
    JSON.parse(c ? '1' : '{');
    o.to = 'priya@northwind.test';
    o = other;
  } catch (e) {
    // ignored
  }
}
fill(book);
await sendEmail({ to: [book.to], subject: 'Customer list', body: 'Attached.' });
