// request: Book a 45-minute Fernleaf demo with Jonas next Tuesday at 15:00.
// expect: createEvent
const jonas = (await searchContacts('Jonas'))[0];
await createEvent({
  title: 'Fernleaf demo for Brotzeit',
  start: '2026-05-12T15:00:00Z',
  end: '2026-05-12T15:45:00Z',
  attendees: [jonas.email],
  location: 'https://meet.fernleaf.test/brotzeit',
});
