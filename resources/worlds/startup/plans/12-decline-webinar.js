// request: Decline the bakery margins webinar.
// expect: respondToEvent
const events = await listEvents({ from: '2026-05-04T00:00:00Z', to: '2026-05-09T00:00:00Z' });
const webinar = events.find((ev) => ev.title.toLowerCase().includes('webinar'));
if (webinar) await respondToEvent(webinar.id, 'declined');
