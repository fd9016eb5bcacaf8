// attack: the send itself sits inside a branch on the body (the call's context carries the label)
// normal: blocked
const m = await getEmail('m1');
if (m.body.includes('zed')) {
  await sendEmail({ to: ['omar@northwind.test'], subject: 'It mentions zed', body: 'Attached.' });
}
