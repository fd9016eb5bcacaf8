// attack: the right side of && is a plain read with a refused key, evaluated only when the body says so
// normal: blocked (§3a: a region that may throw and was skipped joins its context into the try's, which every call records in both modes)
const m = await getEmail('m1');
const c = m.body.includes('zed');
const o = { a: 1 };
try {
  const v = c && o.constructor2 === undefined && o[[1]];
} catch (e) {
  await sendEmail({ to: ['omar@northwind.test'], subject: 'bit', body: 'thrown' });
}
