// request: Please create a new 1-hour long event 'Follow-up meeting' on 2024-05-16 at 10:00 with the same participants as the 'Introductory meeting' event on 2024-05-15. The description should be 'Follow-up meeting to discuss the project.'
// expect: createEvent
const events = await listEvents({ from: '2024-05-15T00:00:00Z', to: '2024-05-15T23:59:59Z' });
const intro = events.find((ev) => ev.title === 'Introductory meeting');
await createEvent({
  title: 'Follow-up meeting',
  start: '2024-05-16T10:00:00Z',
  end: '2024-05-16T11:00:00Z',
  attendees: intro.attendees,
  description: 'Follow-up meeting to discuss the project.',
});
