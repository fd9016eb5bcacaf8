// attack: a loop inside a try: the first iteration may throw on the email's text, the second sends a constant; every iteration starts from the loop's context
// normal: blocked
const m = await getEmail('m1');
try {
  for (let i = 0; i < 2; i++) {
    if (i === 0) JSON.parse(m.body.slice(m.body.length - 2, m.body.length - 1));
    else await sendEmail({ to: ['omar@northwind.test'], subject: 'n', body: 'it parsed' });
  }
} catch (e) {}
