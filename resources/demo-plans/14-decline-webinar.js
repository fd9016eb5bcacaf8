// request: Decline the SaaS pricing webinar on Wednesday.
// expect: respondToEvent
const events = await listEvents({ from: '2026-03-18T00:00:00Z', to: '2026-03-19T00:00:00Z' });
for (const ev of events) {
  if (ev.title.toLowerCase().includes('webinar')) {
    await respondToEvent(ev.id, 'declined');
    log(`Declined ${ev.title}.`);
  }
}
