// control: a loop bounded by the email writes through a key variable of its own (xs[i].k); the merge after the loop upgrades the array holding it (the key no longer exists there) and a literal send stays allowed
// normal: allowed
const m = await getEmail('m1');
const xs = [{ k: 0 }, { k: 0 }, { k: 0 }];
for (let i = 0; i < m.body.length % 3; i++) {
  const x = xs[i];
  xs[i].k = x.k + 1;
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'done', body: 'The loop ran.' });
