// attack: object and array literals built natively in an unlabeled context; inside a branch on the email they must carry the context (the runtime builds them there)
// normal: leaks (implicit flow, allowed in NORMAL mode: the literal was built in a branch)
const m = await getEmail('m1');
const out = [];
if (m.body.includes('a')) out.push({ hit: [1] });
const n = out.length;
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: `${n}` });
