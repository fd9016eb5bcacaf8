// Draft-a-reply playbook: a local draft answering one email the person named. Nothing is sent.
const e = await getEmail(input.id);
const d = await createDraft({
  to: [e.from],
  subject: e.subject.startsWith('Re:') ? e.subject : 'Re: ' + e.subject,
  body: input.body,
  inReplyTo: e.id,
});
return { draftId: d.draftId, replyTo: e.id, to: e.from, subject: e.subject };
