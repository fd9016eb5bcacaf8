// request: Send Priya a note: "My expense report will be in by Thursday."
// expect: sendEmail
await sendEmail({
  to: ['priya@acme.test'],
  subject: 'Expense report',
  body: 'Hi Priya,\n\nMy expense report will be in by Thursday.\n\nMaya',
});
log('Sent the note to Priya.');
