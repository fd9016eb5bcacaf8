// attack: add to a Set / set in a Map in a NOT-taken branch; has/size stay unchanged
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const s = new Set();
const mp = new Map();
if (!m.body.includes('zed')) {
  s.add('x');
  mp.set('k', 1);
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'set', body: String(s.has('x')) + s.size + mp.size });
