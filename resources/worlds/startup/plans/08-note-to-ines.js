// request: Email Ines: "The board update goes out Wednesday evening."
// expect: sendEmail
await sendEmail({
  to: ['ines@fernleaf.test'],
  subject: 'Board update',
  body: 'Hi Ines,\n\nThe board update goes out Wednesday evening.\n\nSam',
});
