// Person playbook: what the person asked about one of their contacts (input.address, input.name,
// both from the person's own words and the contact list): `summarise` their recent mail, `find`
// mail of theirs that mentions input.query, or `schedule` time with them (free slots in the next
// five working days, proposed in a local draft: nothing is sent, no event is made). Returns
// {kind, query, name, address, emails, slots, draftId}; an empty list is the answer "none".
const emails = [];
if (input.kind === 'summarise' || input.kind === 'find') {
  const hits = await searchEmails({
    from: input.address,
    ...(input.kind === 'find' ? { query: input.query } : {}),
    limit: 10,
  });
  for (const e of hits) {
    const summary = e.body.trim() ? await summarize(e.body, { maxWords: 25 }) : e.subject;
    emails.push({ id: e.id, subject: e.subject, date: e.date, summary: summary });
  }
}
const slots = [];
let draftId = null;
if (input.kind === 'schedule') {
  const HOUR = 3600000;
  // Working days and hours where the person is (zone.js), from tomorrow there.
  const here = wallOf(Date.parse(await now()));
  const start = here - (here % (24 * HOUR)) + 24 * HOUR;
  const busy = await getFreeBusy({
    from: new Date(utcOf(start)).toISOString(),
    to: new Date(utcOf(start + 7 * 24 * HOUR)).toISOString(),
  });
  const walls = [];
  for (let day = 0; day < 7 && slots.length < 3; day++) {
    const d = start + day * 24 * HOUR;
    const weekday = new Date(d).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (let h = 9; h < 17 && slots.length < 3; h++) {
      const s = utcOf(d + h * HOUR);
      const clash = busy.some((b) => Date.parse(b.start) < s + HOUR && Date.parse(b.end) > s);
      if (!clash) {
        slots.push(new Date(s).toISOString());
        walls.push(d + h * HOUR);
        break;
      }
    }
  }
  const me_ = await me();
  const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  // Each time as the person reads it, the zone named: the reader may be elsewhere.
  const lines = walls.map(
    (w) =>
      '- ' +
      WEEKDAYS[new Date(w).getUTCDay()] +
      ' ' +
      new Date(w).toISOString().slice(0, 10) +
      ' at ' +
      clockOf(w) +
      ' (' +
      ZONE.name +
      ')',
  );
  const d = await createDraft({
    to: [input.address],
    subject: 'Time to meet?',
    body:
      'Hi ' +
      input.name.split(' ')[0] +
      ',\n\nCould we find an hour to meet? These times are free for me:\n' +
      lines.join('\n') +
      '\n\nBest,\n' +
      me_.name,
  });
  draftId = d.draftId;
}
return {
  kind: input.kind,
  query: input.query || null,
  name: input.name,
  address: input.address,
  emails: emails,
  slots: slots,
  draftId: draftId,
};
