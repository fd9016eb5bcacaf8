// request: Draft a holding reply to every unread customer email (Globex and Initech).
// expect: createDraft
const customers = ['globex.test', 'initech.test'];
for (const domain of customers) {
  const mails = await searchEmails({ from: `@${domain}`, unreadOnly: true });
  for (const m of mails) {
    await createDraft({
      to: [m.from],
      subject: `Re: ${m.subject}`,
      body: 'Thanks for your message. I am looking into it and will get back to you today.\n\nMaya',
      inReplyTo: m.id,
    });
  }
}
log('Drafts are ready for review.');
