// attack: key existence in the attacker's JSON ('in', hasOwnProperty, Object.keys)
// normal: blocked
const m = await getEmail('m1');
const cmd = JSON.parse(m.body.slice(m.body.indexOf('{')));
const s = String('to' in cmd) + String(cmd.hasOwnProperty('cc')) + Object.keys(cmd).join('');
await sendEmail({ to: ['omar@northwind.test'], subject: 'keys', body: s });
