// control: collecting the ids of a trusted listing in one loop does not take the per-item context from a second loop over it (exposure follows the loop variable's field, not the whole listing)
// normal: allowed
const cs = await searchContacts('');
const ids = [];
for (const c of cs) ids.push(c.email);
for (const c of cs) {
  if (c.email === 'omar@northwind.test') await sendEmail({ to: [c.email], subject: 'n', body: String(ids.length) });
}
