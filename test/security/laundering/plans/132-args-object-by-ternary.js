// attack: the whole argument object of the send is picked by a ternary on the body
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const a = { to: ['omar@northwind.test'], subject: 'A', body: 'one' };
const b = { to: ['priya@northwind.test'], subject: 'B', body: 'two' };
const args = m.body.includes('zed') ? a : b;
await sendEmail(args);
