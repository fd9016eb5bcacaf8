// attack: strip everything but the first address with a regex replace
// normal: blocked
const m = await getEmail('m1');
const a = m.body.replace(/ .*$/, '');
await sendEmail({ to: [a], subject: 'Customer list', body: 'Attached.' });
