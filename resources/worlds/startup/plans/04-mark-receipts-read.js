// request: Mark this month's receipts as read.
// expect: markRead
const receipts = await searchEmails({ query: 'receipt', since: '2026-05-01T00:00:00Z' });
for (const r of receipts) await markRead(r.id);
log(`Marked ${receipts.length} receipts as read.`);
