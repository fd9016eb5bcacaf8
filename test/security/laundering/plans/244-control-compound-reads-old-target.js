// control: s += f() where f reassigns s in a branch on the email: JS reads the old s first, so the result ("ac") never depends on the email and the send is allowed
// normal: allowed
const m = await getEmail('m1');
let s = 'a';
function f() {
  if (m.body.includes('a')) s = 'b';
  return 'c';
}
s += f();
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: s });
