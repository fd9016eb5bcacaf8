// request: Let Theo know I got invoice PH-118 and will pay it by the 15th.
// expect: replyToEmail
const inv = await searchEmails({ from: 'theo@pixelhaus.test', query: 'PH-118' });
await replyToEmail(inv[0].id, { body: 'Hi Theo,\n\nGot invoice PH-118, thanks. It will be paid by May 15.\n\nSam' });
