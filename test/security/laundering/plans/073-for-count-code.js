// attack: a for(;;) loop copies the numeric code from the body into a counter
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const at = m.body.indexOf('Code ') + 5;
const code = parseInt(m.body.slice(at, at + 4), 10);
let copy = 0;
for (let i = 0; i < code; i++) {
  copy = copy + 1;
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'code', body: String(copy) });
