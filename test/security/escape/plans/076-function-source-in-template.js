// expect: completed "function" | completed "(x) => x + 1" | failed RuntimeError
// why: a template over an array of functions must not reveal the instrumented code
// never: __R|__S
return `${[(x) => x + 1]}`;
