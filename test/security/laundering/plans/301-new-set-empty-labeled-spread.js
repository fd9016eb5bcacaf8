// attack: new Set(...xs) where xs is the (empty) list of the email's words matching a probe: no element arrives, the size is 0, yet it depends on the email
// normal: blocked
const m = await getEmail('m1');
const hits = m.body.split(' ').filter((w) => w === 'NOPE-NOT-THERE');
const s = new Set(...hits);
const t = new Map(...hits);
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(s.size + t.size) });
