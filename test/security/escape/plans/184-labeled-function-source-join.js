// expect: completed "functionfunction" | failed RuntimeError
// why: a labeled function inside an array, joined or put in a template, must not reveal the instrumented code
// never: __R|__S
const e = (await listEmails({})).length;
const f = e > 0 ? (x) => x + 1 : (x) => x;
return `${f}` + [f].join();
