// request: Reply to Ines that I prefer the farmhouse near Sintra for the offsite.
// expect: replyToEmail
const offsite = (await searchEmails({ from: 'ines@fernleaf.test', query: 'offsite' }))[0];
await replyToEmail(offsite.id, { body: 'Hi Ines,\n\nThe farmhouse near Sintra, please.\n\nSam' });
