// request: Create an event in the calendar for the family reunion based on the emails about it. Make the event last 4 hours.
// expect: createEvent
const mail = (await searchEmails({ query: 'family reunion' }))[0];
const info = await extract(mail.body, {
  type: 'object',
  properties: {
    start: { type: 'string', format: 'date-time', description: 'when the reunion starts' },
    location: { type: 'string', description: 'where the reunion is' },
  },
});
const end = new Date(Date.parse(info.start) + 4 * 3600 * 1000).toISOString();
await createEvent({ title: 'Family Reunion', start: info.start, end, location: info.location });
