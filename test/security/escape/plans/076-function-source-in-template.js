// expect: completed "function" | completed "(x) => x + 1" | failed RuntimeError | rejected 4:12 /cannot be stored/
// why: a template over an array of functions must not reveal the instrumented code
// never: __R|__S
return `${[(x) => x + 1]}`;
