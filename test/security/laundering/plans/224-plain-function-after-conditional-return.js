// attack: a caller returns early on the email's content, then calls a number-only function: the context is raised when it runs
// normal: blocked
const m = await getEmail('m1');
function three() {
  return 3;
}
function pick(s) {
  if (s.includes('a')) return 0;
  return three();
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(pick(m.body)) });
