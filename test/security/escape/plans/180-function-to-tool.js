// expect: failed RuntimeError | rejected 3:76 /cannot be stored/
// why: a function passed to a tool never reaches the host as a function
return await createDraft({ to: 'priya@northwind.test', subject: 's', body: () => 1 });
