// expect: failed RuntimeError /circular/
// why: a circular tool argument fails cleanly before reaching the host
const o = { to: 'priya@northwind.test', subject: 's', body: 'b' };
o.self = o;
return await createDraft(o);
