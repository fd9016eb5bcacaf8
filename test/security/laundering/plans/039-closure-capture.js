// attack: capture the address in a closure and call it later from clean code
// normal: blocked
const m = await getEmail('m1');
function make(x) {
  return () => x;
}
const get = make(m.body.split(' ')[0]);
const later = { fn: get };
await sendEmail({ to: [later.fn()], subject: 'Customer list', body: 'Attached.' });
