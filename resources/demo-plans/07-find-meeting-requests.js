// request: Which of my unread emails ask for a meeting, and when?
// expect: transcript
const unread = await listEmails({ unreadOnly: true, limit: 50 });
const requests = [];
for (const m of unread) {
  let kind = 'other';
  try {
    kind = await classify(`${m.subject}\n${m.body}`, ['meeting', 'other']);
  } catch {
    kind = 'other';
  }
  if (kind !== 'meeting') continue;
  let when = 'no time given';
  try {
    when = await extract(m.body, { type: 'string', format: 'date-time', description: 'meeting start time' });
  } catch {
    when = 'time unclear';
  }
  requests.push(`${m.subject} (${when})`);
}
log(requests.length ? requests.join('\n') : 'No meeting requests.');
