// control: reading a listing's length inside a try (a tool always returns an array, whatever the mail says; reading an item would rightly depend on which items there are), then a send in your own words, runs on its own: a fix for 001–003 must not make every read of a labeled container in a try decide the try
// normal: allowed
const list = await listEmails({ folder: 'INBOX' });
try {
  const n = list.length;
  await sendEmail({ to: ['omar@northwind.test'], subject: 'Inbox', body: 'Checked the inbox.' });
} catch (e) {}
