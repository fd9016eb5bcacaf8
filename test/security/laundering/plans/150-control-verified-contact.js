// control: a contact's address passed through the sanitizer and used as is (identity keeps verified)
// normal: allowed
const v = await verifyEmailAddress('omar@northwind.test');
const box = { to: v };
await sendEmail({ to: [box.to], subject: 'Budget', body: 'Numbers attached.' });
return 'ok';
