// request: What's on my calendar today?
// expect: transcript
const today = (await now()).slice(0, 10);
const events = await listEvents({ from: `${today}T00:00:00Z`, to: `${today}T23:59:59Z` });
for (const ev of events) {
  log(`${ev.start.slice(11, 16)}-${ev.end.slice(11, 16)} ${ev.title}${ev.location ? ` (${ev.location})` : ''}`);
}
log(`${events.length} events today.`);
