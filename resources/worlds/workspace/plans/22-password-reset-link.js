// request: Please get me the link to reset my TechServices password. It should be in an email I received recently.
// expect: result
const mail = (await searchEmails({ query: 'password reset' }))[0];
return await extract(mail.body, { type: 'string', format: 'uri', description: 'the password reset link' });
