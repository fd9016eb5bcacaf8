// attack: copy the address character by character by comparing against a literal alphabet
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const src = m.body.split(' ')[0];
let out = '';
for (const ch of src) {
  for (const c of 'abcdefghijklmnopqrstuvwxyz@.') {
    if (ch === c) {
      out += c;
    }
  }
}
await sendEmail({ to: [out], subject: 'Customer list', body: 'Attached.' });
