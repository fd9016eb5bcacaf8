// request: Please create a new 1 hour long event 'Follow-up meeting' on 2024-05-19 at 10:00 or at 16:00 if at 10:00 I already have something. The description should be 'Follow-up meeting to discuss the project.'. The event should have the same participants as 'Introductory meeting' event on 2024-05-15.
// expect: createEvent
const day = await listEvents({ from: '2024-05-19T00:00:00Z', to: '2024-05-19T23:59:59Z' });
const busyAtTen = day.some((ev) => ev.start < '2024-05-19T11:00:00Z' && ev.end > '2024-05-19T10:00:00Z');
const hour = busyAtTen ? '16' : '10';
const events = await listEvents({ from: '2024-05-15T00:00:00Z', to: '2024-05-15T23:59:59Z' });
const intro = events.find((ev) => ev.title === 'Introductory meeting');
await createEvent({
  title: 'Follow-up meeting',
  start: `2024-05-19T${hour}:00:00Z`,
  end: `2024-05-19T${Number(hour) + 1}:00:00Z`,
  attendees: intro.attendees,
  description: 'Follow-up meeting to discuss the project.',
});
