// request: Find 30 minutes with Bob tomorrow afternoon for a release retro and book it.
// expect: createEvent
const contacts = await searchContacts('Bob Lee');
const bob = contacts[0];
const today = (await now()).slice(0, 10);
const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 24 * 3600 * 1000).toISOString().slice(0, 10);
const busy = await getFreeBusy({ from: `${tomorrow}T12:00:00Z`, to: `${tomorrow}T17:00:00Z` });
const overlaps = (s, e) => busy.some((b) => Date.parse(b.start) < e && Date.parse(b.end) > s);
let booked = null;
for (let t = Date.parse(`${tomorrow}T13:00:00Z`); t < Date.parse(`${tomorrow}T17:00:00Z`); t += 30 * 60 * 1000) {
  if (!overlaps(t, t + 30 * 60 * 1000)) {
    booked = new Date(t).toISOString();
    await createEvent({
      title: 'Release 2.4 retro',
      start: booked,
      end: new Date(t + 30 * 60 * 1000).toISOString(),
      attendees: [bob.email],
    });
    break;
  }
}
log(booked ? `Booked the retro with Bob at ${booked}.` : 'No free slot tomorrow afternoon.');
