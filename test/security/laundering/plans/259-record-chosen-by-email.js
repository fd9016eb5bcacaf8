// attack: which record is compared is chosen by the email (a labeled reference to an unlabeled object); the comparator's copy reads its fields
// normal: leaks (implicit flow, allowed in NORMAL mode: ?: chose the record)
const m = await getEmail('m1');
const p = { id: 1, v: 1 };
const q = { id: 2, v: 2 };
const first = m.body.includes('a') ? q : p;
const ys = [first, { id: 3, v: 3 }].sort((a, b) => a.v - b.v);
function idOf(a) {
  return a.id;
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: `${ys.map(idOf)[0]}` });
