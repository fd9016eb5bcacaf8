// control: a trusted contact lookup (literal query) gives the recipient; the body is the contact's own name
// normal: allowed
const hits = await searchContacts('Priya');
const c = hits[0];
await sendEmail({
  to: [c.email],
  subject: 'Hello ' + c.name,
  body: 'Hi ' + c.name.split(' ')[0] + ', quick question about Monday.',
});
return c.email;
