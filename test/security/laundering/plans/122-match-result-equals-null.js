// attack: compare the body's regex match with null (=== / !==; loose == is refused)
// normal: blocked
const m = await getEmail('m1');
const r = m.body.match(/zed/);
const s = String(r === null) + String(r !== null) + String(r === undefined);
await sendEmail({ to: ['omar@northwind.test'], subject: 'flag', body: s });
