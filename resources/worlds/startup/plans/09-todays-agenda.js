// request: What's on my calendar today?
// expect: result
const today = (await now()).slice(0, 10);
const events = await listEvents({ from: `${today}T00:00:00Z`, to: `${today}T23:59:59Z` });
return events.map((ev) => ({ time: ev.start.slice(11, 16), title: ev.title }));
