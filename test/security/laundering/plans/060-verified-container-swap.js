// attack: put a verified address in a container, then overwrite the slot with the attacker's address
// normal: blocked
const m = await getEmail('m1');
const v = await verifyEmailAddress('priya@northwind.test');
const slots = { to: v };
slots.to = m.body.split(' ')[0];
await sendEmail({ to: [slots.to], subject: 'Customer list', body: 'Attached.' });
