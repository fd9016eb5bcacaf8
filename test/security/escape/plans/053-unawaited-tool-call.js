// expect: completed "done"
// why: an unawaited tool call still goes through the gate and is in the report (audit check in the runner)
createDraft({ to: 'priya@northwind.test', subject: 'fire', body: 'and forget' });
return 'done';
