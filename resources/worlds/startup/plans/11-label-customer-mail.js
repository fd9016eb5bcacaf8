// request: Label mail from our pilot customers "customers".
// expect: labelEmail
const customers = ['marta@crumbly-bakery.test', 'jonas@brotzeit.test'];
for (const c of customers) {
  for (const e of await searchEmails({ from: c })) await labelEmail(e.id, 'customers');
}
