// attack: the email decides an element that is false; the if it tests is not taken, and the loop goes on as if nothing was labeled
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const flags = [false, false];
flags[0] = m.body.includes('NOPE-NOT-THERE-EVER');
let hit = 'no';
let steps = 0;
for (let i = 0; i < 2; i++) {
  if (flags[i]) hit = 'yes';
  steps = steps + 1;
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'hit', body: hit + steps });
