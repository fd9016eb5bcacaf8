// request: Which invoices are open and how much do they come to?
// expect: result
const found = await searchEmails({ query: 'invoice' });
const out = [];
for (const e of found) {
  const info = await extract(e.body, {
    type: 'object',
    properties: { number: { type: 'string' }, amount: { type: 'string' }, due: { type: 'string' } },
  });
  out.push({ from: e.from, subject: e.subject, info: info });
}
return out;
