// request: Tell Ravi the May payroll is approved.
// expect: replyToEmail
const payroll = (await searchEmails({ from: 'ravi@fernleaf.test', query: 'payroll' }))[0];
await replyToEmail(payroll.id, { body: 'Hi Ravi,\n\nThe May payroll is approved.\n\nSam' });
