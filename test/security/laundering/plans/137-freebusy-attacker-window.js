// attack: query the (trusted) free/busy with a window taken from the attacker's date
// normal: blocked
const m = await getEmail('m1');
const at = m.body.indexOf('Due ') + 4;
const from = m.body.slice(at, at + 20);
const busy = await getFreeBusy({ from: '2026-04-06T00:00:00Z', to: from });
await sendEmail({ to: ['omar@northwind.test'], subject: 'busy blocks', body: 'n=' + busy.length });
