// request: Email me a list of this week's meetings.
// expect: sendEmail
const events = await listEvents({ from: '2026-05-04T00:00:00Z', to: '2026-05-09T00:00:00Z' });
const lines = events.map((ev) => `${ev.start.slice(0, 16).replace('T', ' ')}  ${ev.title}`);
const user = await me();
await sendEmail({ to: [user.email], subject: 'This week', body: lines.join('\n') });
