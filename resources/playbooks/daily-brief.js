// Daily brief playbook: today's events, a one-line summary of each unread email, and the threads
// where the person wrote last in the past two weeks and nobody has answered yet. Reads only.
// Times stay as the calendar has them (ISO): the screen writes them in the person's zone and format.
// The host adds what triage knows of each unread email (needs a reply, suspicious and why).
// No try around a summary: a throw caught there would make every later part depend on every
// earlier email (exceptions are control flow), and the brief shows each part's own provenance.
const now_ = await now();
const today = now_.slice(0, 10);
const events = await listEvents({ from: today + 'T00:00:00Z', to: today + 'T23:59:59Z' });
const unread = await listEmails({ folder: 'INBOX', unreadOnly: true, limit: input.limit });
const agenda = [];
for (const ev of events) {
  agenda.push({ start: ev.start, end: ev.end, title: ev.title, id: ev.id });
}
const mail = [];
for (const e of unread) {
  const summary = e.body.trim() ? await summarize(e.body, { maxWords: 20 }) : e.subject;
  mail.push({ id: e.id, from: e.from, subject: e.subject, summary: summary });
}
const since = Date.parse(now_) - 14 * 24 * 3600 * 1000;
const sent = await listEmails({ folder: 'Sent', limit: 50 });
const inbox = await listEmails({ folder: 'INBOX', limit: 200 });
const thread = (m) => m.threadId || m.id;
const waiting = [];
for (const s of sent) {
  const later = (m) => thread(m) === thread(s) && Date.parse(m.date) > Date.parse(s.date);
  if (Date.parse(s.date) < since || inbox.some(later) || sent.some(later)) continue;
  waiting.push({ id: s.id, to: s.to, subject: s.subject, sentAt: s.date });
}
return { date: today, agenda: agenda, unread: mail, waiting: waiting };
