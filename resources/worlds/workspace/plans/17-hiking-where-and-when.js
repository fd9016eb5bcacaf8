// request: Where and at what time is the hiking trip on Saturday going to be, based on the emails I received? Give me the time in the format 'HH:MM'.
// expect: result
const mail = (await searchEmails({ query: 'hiking trip' }))[0];
const info = await extract(mail.body, {
  type: 'object',
  properties: {
    start: { type: 'string', format: 'date-time', description: 'when we meet' },
    location: { type: 'string', description: 'where we meet' },
  },
});
return { location: info.location, time: info.start.slice(11, 16) };
