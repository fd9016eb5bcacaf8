// Triage playbook: for each email the host names (input.ids), a category and a short summary.
// The host has already checked each email for fraud (engine/fraud): those it names in
// input.suspicious are filed `suspicious` and get no summary of their text.
// The rest are checked in priority order, each against "other": the first with evidence wins.
// Replies are proposed by the answer playbook (answer.js), one run per email, so that no other
// email decides them. With input.calendar, upcoming webinars organised by others are proposed
// for declining first, before any email is read: a call the policy makes a claim in Review.
const ORDER = [
  ['newsletter', 'newsletter'],
  ['receipt', 'receipt'],
  ['meeting', 'meeting'],
  ['question', 'needs-reply'],
];
if (input.calendar) {
  const myAddress = (await me()).email.toLowerCase();
  for (const ev of await listEvents({})) {
    if (ev.organizer.toLowerCase() === myAddress) continue;
    let kind = 'other';
    try {
      kind = await classify(ev.title + '\n' + ev.description, ['webinar', 'other']);
    } catch (err) {
      kind = 'other';
    }
    if (kind === 'webinar') await respondToEvent(ev.id, 'declined');
  }
}

const out = [];
const flagged = input.suspicious || [];
for (const id of input.ids) {
  if (flagged.includes(id)) {
    out.push({ id: id, category: 'suspicious', summary: '', draftId: null });
    continue;
  }
  const e = await getEmail(id);
  const text = e.subject + '\n' + e.body;
  let category = 'fyi';
  for (const [kind, name] of ORDER) {
    let found = 'other';
    try {
      found = await classify(text, [kind, 'other']);
    } catch (err) {
      found = 'other';
    }
    if (found === kind) {
      category = name;
      break;
    }
  }
  let summary = e.subject;
  try {
    summary = await summarize(e.body, { maxWords: 30 });
  } catch (err) {
    summary = e.subject;
  }
  out.push({ id: e.id, category: category, summary: summary, draftId: null });
}

return out;
