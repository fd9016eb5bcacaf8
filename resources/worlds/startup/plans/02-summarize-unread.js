// request: Summarise my unread mail.
// expect: result
const unread = await listEmails({ folder: 'INBOX', unreadOnly: true, limit: 50 });
const out = [];
for (const e of unread) {
  let summary = e.subject;
  try {
    summary = await summarize(e.body, { maxWords: 20 });
  } catch (err) {
    summary = e.subject;
  }
  out.push({ from: e.from, subject: e.subject, summary: summary });
}
return out;
