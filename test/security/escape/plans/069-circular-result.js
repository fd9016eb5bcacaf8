// expect: failed RuntimeError
// why: a circular plan value cannot be a result: a runtime error, not a memory limit
const a = [1];
a.push(a);
return a;
