// attack: object and array destructuring (with rest and defaults) of the email
// normal: blocked
const m = await getEmail('m1');
const { body, ...rest } = m;
const [first = 'omar@northwind.test', ...others] = body.split(' ');
await sendEmail({ to: [first], subject: rest.subject, body: others.join(' ') });
