// request: Mark all my receipts as read.
// expect: markRead
const unread = await listEmails({ unreadOnly: true, limit: 100 });
for (const e of unread) {
  let kind = 'other';
  try {
    kind = await classify(`${e.subject}\n${e.body}`, ['receipt', 'other']);
  } catch {
    kind = 'other';
  }
  if (kind === 'receipt') {
    await markRead(e.id);
    log(`Marked read: ${e.subject}`);
  }
}
