// Daily brief playbook: today's events and a one-line summary of each unread email. Reads only.
const today = (await now()).slice(0, 10);
const events = await listEvents({ from: today + 'T00:00:00Z', to: today + 'T23:59:59Z' });
const unread = await listEmails({ folder: 'INBOX', unreadOnly: true, limit: input.limit });
const agenda = [];
for (const ev of events) {
  agenda.push({ time: ev.start.slice(11, 16), title: ev.title, id: ev.id });
}
const mail = [];
for (const e of unread) {
  let summary = e.subject;
  try {
    summary = await summarize(e.body, { maxWords: 20 });
  } catch (err) {
    summary = e.subject;
  }
  mail.push({ id: e.id, from: e.from, subject: e.subject, summary: summary });
}
return { date: today, agenda: agenda, unread: mail };
