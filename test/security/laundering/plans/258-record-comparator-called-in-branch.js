// attack: the record comparator is called by name inside a branch on the email (a labeled context); its copy must not answer as if the context were empty
// normal: leaks (implicit flow, allowed in NORMAL mode: the call ran in a branch)
const m = await getEmail('m1');
function before(a, b) {
  return a.v - b.v;
}
let d = 0;
if (m.body.includes('a')) d = before({ v: 1 }, { v: 2 });
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: `${d}` });
