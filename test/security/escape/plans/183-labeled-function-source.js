// expect: completed "function" | failed RuntimeError
// why: a function value that carries a label (chosen by data) converted to text must not reveal the instrumented code
// never: __R|__S
const e = (await listEmails({})).length;
const f = e > 0 ? () => 1 : () => 2;
return String(f);
