// control: a sort of email-labeled items by a comparator with a conditional return leaves no taint on a later constant send, whether the native field copy (a primitive field) or the instrumented comparator (an object field, see 286) answers: both paths agree
// normal: allowed
const m = await getEmail('m1');
const v = [5, { k: 1 }][Math.min(1, Math.floor(m.body.length / 1000))];
const xs = [{ x: 1 }, { x: v }];
xs.sort((a, b) => {
  if (a.x < b.x) return -1;
  return 1;
});
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: 'sorted' });
