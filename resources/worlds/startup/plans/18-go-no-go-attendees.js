// request: Who is coming to Wednesday's go/no-go?
// expect: result
const events = await listEvents({ from: '2026-05-06T00:00:00Z', to: '2026-05-06T23:59:59Z' });
const go = events.find((ev) => ev.title.toLowerCase().includes('go/no-go'));
return go ? go.attendees : [];
