// attack: an unlabeled object with a length key holding an email-derived element, read with a number key (the inlined index path)
// normal: blocked
const m = await getEmail('m1');
const o = { length: 3 };
o[1] = m.subject;
const i = 1;
const v = o[i];
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: String(v) });
