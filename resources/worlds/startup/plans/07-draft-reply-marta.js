// request: Draft an answer to Marta: yes, Reports > VAT > Export gives a spreadsheet.
// expect: createDraft
const q = (await searchEmails({ from: 'marta@crumbly-bakery.test', query: 'VAT export' }))[0];
const d = await createDraft({
  to: ['marta@crumbly-bakery.test'],
  subject: 'Re: Question about VAT export',
  body: 'Hello Marta,\n\nYes: Reports > VAT > Export gives you the quarterly summary as a spreadsheet.\n\nSam',
  inReplyTo: q.id,
});
return d;
