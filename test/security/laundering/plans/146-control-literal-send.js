// control: a send built only from plan literals must be allowed
// normal: allowed
await sendEmail({ to: ['omar@northwind.test'], subject: 'Standup', body: 'Running 5 minutes late.' });
return 'ok';
