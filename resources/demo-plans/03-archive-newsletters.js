// request: Archive the newsletters in my inbox.
// expect: archiveEmail
const inbox = await listEmails({ folder: 'INBOX', limit: 100 });
let archived = 0;
for (const e of inbox) {
  let kind = 'other';
  try {
    kind = await classify(`${e.subject}\n${e.body}`, ['newsletter', 'other']);
  } catch {
    kind = 'other';
  }
  if (kind === 'newsletter') {
    await archiveEmail(e.id);
    archived += 1;
  }
}
log(`Archived ${archived} newsletters.`);
