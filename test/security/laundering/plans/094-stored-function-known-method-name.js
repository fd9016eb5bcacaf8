// attack: a writer stored in an object under a built-in method name ("includes"), called in a labeled branch;
// the effect analysis takes such names for built-ins, so the runtime refuses to call stored functions under them
// normal: blocked
// strict: fails
const m = await getEmail('m1');
let to = 'omar@northwind.test';
const o = {
  includes: () => {
    to = 'priya@northwind.test';
  },
};
if (m.body.includes('zed')) {
  o.includes();
}
await sendEmail({ to: [to], subject: 'Customer list', body: 'Attached.' });
