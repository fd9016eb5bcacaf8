// Follow-up playbook: every thread where the person wrote last, more than input.days days ago,
// and got no answer gets a local draft follow-up to the same people. Nothing is sent: whether
// to nudge someone stays the person's call. With input.with (a contact's address), only threads
// written to them.
const cutoff = Date.parse(await now()) - input.days * 24 * 3600 * 1000;
const user = await me();
const sent = await listEmails({ folder: 'Sent', limit: 200 });
const inbox = await listEmails({ folder: 'INBOX', limit: 500 });
const thread = (m) => m.threadId || m.id;
const out = [];
for (const s of sent) {
  const later = (m) => thread(m) === thread(s) && Date.parse(m.date) > Date.parse(s.date);
  if (input.with && !s.to.some((t) => t.toLowerCase().includes(input.with))) continue;
  if (Date.parse(s.date) > cutoff || inbox.some(later) || sent.some(later)) continue;
  const d = await createDraft({
    to: s.to,
    cc: s.cc,
    subject: s.subject.startsWith('Re:') ? s.subject : 'Re: ' + s.subject,
    body: 'Hi,\n\nJust following up on my message below. Any news?\n\nBest,\n' + user.name,
    inReplyTo: s.id,
  });
  out.push({ draftId: d.draftId, followsUp: s.id, to: s.to, subject: s.subject, sentAt: s.date });
}
return out;
