// control: twin of 285 whose item field is an object, so the sort takes the instrumented comparator: the later constant send is allowed as in 285
// normal: allowed
const m = await getEmail('m1');
const v = [{ k: 1 }, 5][Math.min(1, Math.floor(m.body.length / 1000))];
const xs = [{ x: 1 }, { x: v }];
xs.sort((a, b) => {
  if (a.x < b.x) return -1;
  return 1;
});
await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: 'sorted' });
