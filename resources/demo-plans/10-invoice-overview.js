// request: List the invoices I received this month with their amounts.
// expect: transcript
const invoices = await searchEmails({ query: 'invoice', since: '2026-03-01T00:00:00Z' });
for (const m of invoices) {
  try {
    const info = await extract(m.body, {
      type: 'object',
      properties: { invoiceNumber: { type: 'string' }, amount: { type: 'number' } },
    });
    log(`${m.from}: ${info.invoiceNumber}, ${info.amount}`);
  } catch {
    log(`${m.from}: ${m.subject} (could not read the amount)`);
  }
}
