// request: Lena asked to move the design review to Tuesday 14:30; book it with her and Bob, and tell her.
// expect: createEvent
await createEvent({
  title: 'Design review, landing page v3',
  start: '2026-03-17T14:30:00Z',
  end: '2026-03-17T15:30:00Z',
  attendees: ['lena@acme.test', 'bob@acme.test'],
  location: 'Room Delta',
});
await sendEmail({
  to: ['lena@acme.test'],
  subject: 'Design review moved',
  body: 'Hi Lena, done: the design review is now Tuesday at 14:30 in Room Delta.\n\nMaya',
});
log('Design review moved to 14:30.');
