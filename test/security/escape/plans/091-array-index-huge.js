// expect: limit arrayLength
// why: a[1e9] = 1 must not allocate a billion slots
const a = [];
a[1e9] = 1;
return a.length;
