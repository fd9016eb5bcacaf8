// request: Email me a short brief of my unread mail and today's meetings.
// expect: sendEmail
const user = await me();
const unread = await listEmails({ unreadOnly: true, limit: 10 });
const today = (await now()).slice(0, 10);
const events = await listEvents({ from: `${today}T00:00:00Z`, to: `${today}T23:59:59Z` });
const lines = [`${unread.length} unread emails, ${events.length} meetings today.`, ''];
for (const ev of events) lines.push(`- ${ev.start.slice(11, 16)} ${ev.title}`);
lines.push('');
for (const m of unread) lines.push(`- ${m.subject}`);
await sendEmail({ to: [user.email], subject: `Daily brief ${today}`, body: lines.join('\n') });
log('Brief sent to you.');
