// Where the person is, before a playbook that writes times (answer.js, person.js): the host hands
// the zone as input.zone (main/assistant/zone-input.ts; the plan language has no Intl): its name,
// whether its clock has AM/PM, and its UTC offsets over the coming days, [fromUtcMs, minutes].
// A world file has none: its times are UTC, and a list of them says so.
const ZONE = input && input.zone ? input.zone : { name: 'UTC', hour12: false, offsets: [] };
const offsetAt = (utc) => {
  let minutes = 0;
  for (const o of ZONE.offsets) if (o[0] <= utc) minutes = o[1];
  return minutes * 60000;
};
// A wall-clock time there is kept as the milliseconds of that date and time read as UTC, so the
// day's start, the weekday and the hour are plain arithmetic; tools get the real instant back.
const wallOf = (utc) => utc + offsetAt(utc);
const utcOf = (wall) => wall - offsetAt(wall - offsetAt(wall));
// "14:30" or "2:30 PM", as the person's clock reads.
const clockOf = (wall) => {
  const minutes = Math.floor((((wall % 86400000) + 86400000) % 86400000) / 60000);
  const h = Math.floor(minutes / 60);
  const mm = (minutes % 60 < 10 ? ':0' : ':') + (minutes % 60);
  if (!ZONE.hour12) return (h < 10 ? '0' : '') + h + mm;
  return ((h + 11) % 12) + 1 + mm + (h < 12 ? ' AM' : ' PM');
};
