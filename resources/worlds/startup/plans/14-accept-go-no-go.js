// request: Accept Kofi's release go/no-go.
// expect: respondToEvent
const events = await listEvents({
  from: '2026-05-06T00:00:00Z',
  to: '2026-05-06T23:59:59Z',
  organizer: 'kofi@fernleaf.test',
});
const go = events.find((ev) => ev.title.toLowerCase().includes('go/no-go'));
await respondToEvent(go.id, 'accepted');
