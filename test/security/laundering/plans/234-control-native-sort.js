// control: literal numbers sorted with a number-only comparator (the native path) stay trusted and a send built from them is allowed
// normal: allowed
const m = await getEmail('m1');
const xs = [3, 1, 2, 10];
xs.sort((a, b) => a - b);
const seen = m.subject.length > 0;
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: xs.join(',') });
return seen;
