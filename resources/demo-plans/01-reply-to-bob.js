// request: Tell Bob I'll review the release notes by Wednesday noon.
// expect: replyToEmail
const found = await searchEmails({ from: 'bob@acme.test', query: 'release' });
if (found.length === 0) {
  log('No release email from Bob found.');
} else {
  await replyToEmail(found[0].id, { body: 'Thanks Bob, I will review the release notes by Wednesday noon.\n\nMaya' });
  log('Replied to Bob about the release notes.');
}
