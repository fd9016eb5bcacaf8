// request: Summarise my unread mail.
// expect: transcript
const unread = await listEmails({ unreadOnly: true, limit: 30 });
for (const m of unread) {
  let gist = '';
  try {
    gist = await summarize(m.body, { maxWords: 25 });
  } catch {
    gist = '(no summary)';
  }
  log(`${m.from}: ${m.subject}: ${gist}`);
}
log(`${unread.length} unread emails.`);
