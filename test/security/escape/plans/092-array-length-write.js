// expect: failed RuntimeError | limit arrayLength
// why: a.length = 1e9 must not allocate
const a = [1, 2, 3];
a.length = 1e9;
return a.length;
