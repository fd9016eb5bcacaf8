// request: Accept Omar's Initech demo on Wednesday.
// expect: respondToEvent
const events = await listEvents({ from: '2026-03-18T00:00:00Z', to: '2026-03-19T00:00:00Z' });
const demo = events.find((ev) => ev.title === 'Initech demo');
if (demo) {
  await respondToEvent(demo.id, 'accepted');
  log(`Accepted ${demo.title} at ${demo.start}.`);
} else {
  log('No Initech demo found on Wednesday.');
}
