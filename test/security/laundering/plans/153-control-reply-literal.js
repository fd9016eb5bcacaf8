// control: reply to the colleague's email (a literal id) with a literal body
// normal: allowed
await replyToEmail('m2', { body: 'Thanks Priya, looks good to me.' });
return 'ok';
