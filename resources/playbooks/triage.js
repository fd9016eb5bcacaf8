// Triage playbook: for each email the host names (input.ids), a category, a short summary, and
// a draft reply where one is needed. Everything it writes is local (drafts); nothing is sent.
// The host has already checked each email for fraud (engine/fraud): those it names in
// input.suspicious are filed `suspicious`, get no summary of their text and never a draft.
// The rest are checked in priority order, each against "other": the first with evidence wins.
const ORDER = [
  ['newsletter', 'newsletter'],
  ['receipt', 'receipt'],
  ['meeting', 'meeting'],
  ['question', 'needs-reply'],
];
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
  let draftId = null;
  if (category === 'needs-reply' && input.drafts) {
    const d = await createDraft({
      to: [e.from],
      subject: e.subject.startsWith('Re:') ? e.subject : 'Re: ' + e.subject,
      body: 'Hi,\n\nThanks for your message. I will get back to you shortly.\n\nBest,\n' + input.signature,
      inReplyTo: e.id,
    });
    draftId = d.draftId;
  }
  out.push({ id: e.id, category: category, summary: summary, draftId: draftId });
}
return out;
