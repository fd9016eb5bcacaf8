// expect: failed RuntimeError
// why: a tool argument shaped like the wire encoding is data, and invalid here
return await createDraft({ to: 'priya@northwind.test', subject: { k: 'p', v: 'x', l: 0 }, body: 'b' });
