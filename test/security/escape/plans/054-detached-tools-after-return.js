// expect: failed RuntimeError
// why: a detached async function is refused where it is called, so nothing can run after the plan returned
async function later() {
  await 0;
  await 0;
  await createDraft({ to: 'priya@northwind.test', subject: 'late 1', body: 'x' });
  await createDraft({ to: 'priya@northwind.test', subject: 'late 2', body: 'x' });
  await createDraft({ to: 'priya@northwind.test', subject: 'late 3', body: 'x' });
}
later();
return 'done';
