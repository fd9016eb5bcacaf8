// expect: failed RuntimeError
// why: a function passed to a tool never reaches the host as a function
return await createDraft({ to: 'priya@northwind.test', subject: 's', body: () => 1 });
