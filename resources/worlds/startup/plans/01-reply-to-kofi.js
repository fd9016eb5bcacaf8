// request: Tell Kofi I'll try offline mode on the demo tablet tomorrow.
// expect: replyToEmail
const found = await searchEmails({ from: 'kofi@fernleaf.test', query: 'offline' });
if (found.length === 0) {
  log('No offline-mode email from Kofi found.');
} else {
  await replyToEmail(found[0].id, { body: 'Thanks Kofi, I will try offline mode on the demo tablet tomorrow.\n\nSam' });
  log('Replied to Kofi.');
}
