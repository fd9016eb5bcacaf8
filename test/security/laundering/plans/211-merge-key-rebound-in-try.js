// attack: inside a try, write box[k].to and then rebind the key variable k, on the path where a parse of data
// did NOT throw; the merge re-read box[k] after the try and upgraded the other entry
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const c = m.body.includes('zed');
const box = { a: { to: 'omar@northwind.test' }, b: { to: 'lena@partner.test' } };
function fill(first) {
  let k = first;
  try {
    JSON.parse(c ? '1' : '{');
    box[k].to = 'priya@northwind.test';
    k = 'b';
  } catch (e) {
    // ignored
  }
}
fill('a');
await sendEmail({ to: [box.a.to], subject: 'Customer list', body: 'Attached.' });
