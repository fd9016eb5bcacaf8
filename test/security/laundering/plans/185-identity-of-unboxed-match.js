// attack: === between a labeled container (a regex match result) and a literal skipped the runtime when the
// container itself was not boxed; the structure label must join
// normal: blocked
const m = await getEmail('m1');
const r = m.body.match(/zed/);
const hit = r !== undefined && r !== null;
await sendEmail({ to: ['omar@northwind.test'], subject: 'flag', body: String(hit) });
