// attack: {...v} and new Set(v) where v is null or an object depending on the email (a labeled null copies no key): the key count says which
// normal: blocked
const m = await getEmail('m1');
const v = [null, { a: 1 }][Math.min(1, Math.floor(m.body.length / 1000))];
const copy = { ...v };
const s = new Set(v && null);
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(Object.keys(copy).length + s.size) });
