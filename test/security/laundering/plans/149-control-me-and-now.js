// control: the user's own address and the trusted clock, sent to the user
// normal: allowed
const me_ = await me();
const t = await now();
const d = new Date(t);
await sendEmail({
  to: [me_.email],
  subject: 'Reminder for ' + d.toISOString().slice(0, 10),
  body: 'Hello ' + me_.name + ', it is ' + t,
});
return 'ok';
