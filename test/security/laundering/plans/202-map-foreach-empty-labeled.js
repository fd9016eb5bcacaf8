// attack: Map.forEach over a map that is empty because of the body, with a writer callback that never runs
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
let to = 'omar@northwind.test';
const w = () => {
  to = 'priya@northwind.test';
};
const seen = new Map();
if (!m.body.includes('zed')) {
  seen.set('k', 1);
}
seen.forEach(w);
await sendEmail({ to: [to], subject: 'Customer list', body: 'Attached.' });
