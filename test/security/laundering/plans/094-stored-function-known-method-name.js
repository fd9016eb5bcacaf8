// attack: store a writer in an object under a built-in method name ("includes") at run time, through a
// value chosen by data, to call it as o.includes() in a labeled branch; functions are never stored in data,
// and the refusal carries the label of the value that chose it
// normal: blocked
// strict: fails
const m = await getEmail('m1');
let to = 'omar@northwind.test';
const w = () => {
  to = 'priya@northwind.test';
};
const o = {};
const k = 'includes';
o[k] = m.body.includes('zed') ? w : 0;
if (m.body.includes('zed')) {
  o.includes();
}
await sendEmail({ to: [to], subject: 'Customer list', body: 'Attached.' });
