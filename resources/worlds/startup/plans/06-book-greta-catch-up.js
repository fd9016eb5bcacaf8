// request: Book 30 minutes with Greta Holm on Thursday morning.
// expect: createEvent
const greta = (await searchContacts('Greta Holm'))[0];
const busy = await getFreeBusy({ from: '2026-05-07T08:00:00Z', to: '2026-05-07T12:00:00Z' });
const free = (s, e) => !busy.some((b) => Date.parse(b.start) < e && Date.parse(b.end) > s);
let booked = null;
for (let t = Date.parse('2026-05-07T08:00:00Z'); t < Date.parse('2026-05-07T12:00:00Z'); t += 30 * 60 * 1000) {
  if (free(t, t + 30 * 60 * 1000)) {
    booked = new Date(t).toISOString();
    await createEvent({
      title: 'Catch-up: pilots',
      start: booked,
      end: new Date(t + 30 * 60 * 1000).toISOString(),
      attendees: [greta.email],
    });
    break;
  }
}
log(booked ? `Booked Greta at ${booked}.` : 'No free slot Thursday morning.');
