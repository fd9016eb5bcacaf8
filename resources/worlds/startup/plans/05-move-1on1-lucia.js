// request: Move my 1:1 with Lucia to Tuesday at 14:00.
// expect: updateEvent
const events = await listEvents({ from: '2026-05-05T00:00:00Z', to: '2026-05-05T23:59:59Z' });
const oneOnOne = events.find((ev) => ev.title.includes('1:1') && ev.attendees.includes('lucia@fernleaf.test'));
if (oneOnOne) {
  await updateEvent(oneOnOne.id, { start: '2026-05-05T14:00:00Z', end: '2026-05-05T14:30:00Z' });
  log('Moved the 1:1 with Lucia to Tuesday 14:00.');
} else {
  log('No 1:1 with Lucia on Tuesday.');
}
