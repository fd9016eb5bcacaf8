// request: Label everything from Globex as "Customers".
// expect: labelEmail
const mails = await searchEmails({ from: '@globex.test' });
for (const m of mails) {
  await labelEmail(m.id, 'Customers');
}
log(`Labeled ${mails.length} emails.`);
